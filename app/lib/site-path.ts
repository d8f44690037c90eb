/**
 * An image on this site, by its path: what the avatar URL shows after an upload (/media/…) or for the
 * demo members. Not '//host' nor '/\host', which browsers read as another host's address. The profile
 * save takes one only if the profile shows it already or the member stored it.
 */
export const SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;
