import { html, type Markup } from "~/lib/html";
import { SITE_PATH } from "~/lib/site-path";

export const DEFAULT_AVATAR = "/default-avatar.svg";
/** The same drawn as a PNG, for what shows no SVG (a shared link's card). */
export const DEFAULT_AVATAR_PNG = "/default-avatar.png";

const sizes = { sm: "size-8", md: "size-10", lg: "size-12", xl: "size-24" } as const;

type AvatarProps = {
  src: string | null | undefined;
  alt?: string;
  size?: keyof typeof sizes;
  className?: string;
};

/**
 * The picture shown: an avatar on this site, else the default. An avatar URL elsewhere saved before
 * such addresses were copied in (docs/decisions/080) is not asked for: that host would learn who looks.
 */
const shown = (src: string | null | undefined) => (src && SITE_PATH.test(src) ? src : DEFAULT_AVATAR);

function avatarClass(size: keyof typeof sizes, className: string): string {
  return className ? `avatar ${sizes[size]} ${className}` : `avatar ${sizes[size]}`;
}

export function Avatar({ src, alt = "", size = "md", className = "" }: AvatarProps) {
  return <img src={shown(src)} alt={alt} loading="lazy" decoding="async" className={avatarClass(size, className)} />;
}

/** The same image as markup, for the parts of a card written with `html` (decision 057). */
export function avatarHtml({ src, alt = "", size = "md", className = "" }: AvatarProps): Markup {
  return html`<img src="${shown(src)}" alt="${alt}" loading="lazy" decoding="async" class="${avatarClass(size, className)}"/>`;
}
