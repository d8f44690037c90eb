import {
  BadgeCheck,
  BarChart2,
  Bookmark,
  ChevronLeft,
  ChevronRight,
  Clapperboard,
  Download,
  Eye,
  EyeOff,
  Feather,
  Film,
  Flag,
  Heart,
  House,
  ImagePlus,
  Link2,
  Lock,
  LogOut,
  Mail,
  MapPin,
  Menu,
  MessageCircle,
  Moon,
  MoreHorizontal,
  Repeat2,
  Search,
  Settings,
  Share,
  Share2,
  Star,
  Sun,
  Trash2,
  TrendingUp,
  User,
  Users,
  X,
  Bell,
  type LucideIcon,
} from "lucide-react";

/**
 * Icons are drawn once per page in a hidden sprite and referenced with <use>: a feed shows hundreds
 * of icons, and rendering each as a full SVG costs server time (DESIGN.md §9).
 */
const OUTLINE = {
  "badge-check": BadgeCheck,
  "bar-chart": BarChart2,
  bell: Bell,
  bookmark: Bookmark,
  "chevron-left": ChevronLeft,
  "chevron-right": ChevronRight,
  clapperboard: Clapperboard,
  download: Download,
  eye: Eye,
  "eye-off": EyeOff,
  feather: Feather,
  film: Film,
  flag: Flag,
  heart: Heart,
  house: House,
  "image-plus": ImagePlus,
  link: Link2,
  lock: Lock,
  "log-out": LogOut,
  mail: Mail,
  "map-pin": MapPin,
  menu: Menu,
  "message-circle": MessageCircle,
  moon: Moon,
  more: MoreHorizontal,
  repeat: Repeat2,
  search: Search,
  settings: Settings,
  share: Share,
  "share-2": Share2,
  star: Star,
  sun: Sun,
  trash: Trash2,
  "trending-up": TrendingUp,
  user: User,
  users: Users,
  x: X,
} satisfies Record<string, LucideIcon>;

/** Icons that also come filled (a like, a bookmark). */
const FILLED = { heart: Heart, bookmark: Bookmark } satisfies Partial<Record<keyof typeof OUTLINE, LucideIcon>>;

export type IconName = keyof typeof OUTLINE;

export function IconSprite() {
  return (
    <svg aria-hidden="true" focusable="false" width="0" height="0" className="absolute">
      {Object.entries(OUTLINE).map(([name, Drawn]) => (
        <symbol key={name} id={`i-${name}`} viewBox="0 0 24 24">
          <Drawn />
        </symbol>
      ))}
      {Object.entries(FILLED).map(([name, Drawn]) => (
        <symbol key={name} id={`i-${name}-filled`} viewBox="0 0 24 24">
          <Drawn fill="currentColor" />
        </symbol>
      ))}
    </svg>
  );
}

export function Icon({
  name,
  filled = false,
  className = "size-5",
  label,
}: {
  name: IconName;
  filled?: boolean;
  className?: string;
  /** For an icon that means something on its own (a badge); decorative icons have none. */
  label?: string;
}) {
  const id = filled && name in FILLED ? `${name}-filled` : name;
  const a11y = label ? { role: "img", "aria-label": label } : { "aria-hidden": true };
  return (
    <svg {...a11y} className={className}>
      <use href={`#i-${id}`} />
    </svg>
  );
}
