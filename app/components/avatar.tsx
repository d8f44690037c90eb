export const DEFAULT_AVATAR = "/default-avatar.svg";

const sizes = { sm: "size-8", md: "size-10", lg: "size-12", xl: "size-24" } as const;

export function Avatar({
  src,
  alt = "",
  size = "md",
  className = "",
}: {
  src: string | null | undefined;
  alt?: string;
  size?: keyof typeof sizes;
  className?: string;
}) {
  return (
    <img
      src={src || DEFAULT_AVATAR}
      alt={alt}
      loading="lazy"
      decoding="async"
      className={`${sizes[size]} shrink-0 rounded-full bg-surface object-cover ${className}`}
    />
  );
}
