/**
 * The demo posts' photos, painted in Node at seed time: a fresh machine has no image tools and we
 * would rather not commit a dozen large binaries. Each picture is a pixel function (smooth gradients,
 * soft shapes, silhouettes with anti-aliased edges) encoded by a tiny PNG writer (zlib + CRC-32).
 */
import { deflateSync } from "node:zlib";
import { between, seededRandom, type Random } from "./random";

export const PICTURE_WIDTH = 960;
export const PICTURE_HEIGHT = 640;

type Rgb = readonly [number, number, number];
type Painter = (x: number, y: number) => Rgb;

// ───────────────────────────── PNG ─────────────────────────────

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const COLOR_TYPE_RGB = 2;
const FILTER_PAETH = 4;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

function paeth(left: number, up: number, upLeft: number): number {
  const p = left + up - upLeft;
  const pa = Math.abs(p - left);
  const pb = Math.abs(p - up);
  const pc = Math.abs(p - upLeft);
  if (pa <= pb && pa <= pc) return left;
  return pb <= pc ? up : upLeft;
}

/** 8-bit RGB PNG. Every row uses the Paeth filter, which turns smooth gradients into runs deflate squeezes well. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const stride = width * 3;
  const filtered = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    const out = y * (stride + 1);
    filtered[out] = FILTER_PAETH;
    for (let i = 0; i < stride; i++) {
      const left = i >= 3 ? rgb[row + i - 3]! : 0;
      const up = y > 0 ? rgb[row - stride + i]! : 0;
      const upLeft = i >= 3 && y > 0 ? rgb[row - stride + i - 3]! : 0;
      filtered[out + 1 + i] = (rgb[row + i]! - paeth(left, up, upLeft)) & 0xff;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, COLOR_TYPE_RGB, 0, 0, 0], 8);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(filtered, { level: 6 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

function render(paint: Painter): Buffer {
  const rgb = new Uint8Array(PICTURE_WIDTH * PICTURE_HEIGHT * 3);
  let i = 0;
  for (let y = 0; y < PICTURE_HEIGHT; y++) {
    for (let x = 0; x < PICTURE_WIDTH; x++) {
      const [r, g, b] = paint(x + 0.5, y + 0.5);
      rgb[i++] = r;
      rgb[i++] = g;
      rgb[i++] = b;
    }
  }
  return encodePng(PICTURE_WIDTH, PICTURE_HEIGHT, rgb);
}

// ───────────────────────────── colour helpers ─────────────────────────────

function hex(value: string): Rgb {
  const n = Number.parseInt(value.slice(1), 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

const clamp01 = (t: number) => Math.min(1, Math.max(0, t));

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  // Most layers miss most pixels: returning early keeps painting a picture well under a second.
  if (t <= 0) return a;
  if (t >= 1) return b;
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** A colour along evenly spaced stops, t in [0, 1]. */
function ramp(stops: readonly Rgb[], t: number): Rgb {
  const scaled = clamp01(t) * (stops.length - 1);
  const index = Math.min(Math.floor(scaled), stops.length - 2);
  return mix(stops[index]!, stops[index + 1]!, scaled - index);
}

/** Coverage of a shape from its signed distance in pixels (negative inside): a one-pixel soft edge. */
const coverage = (distance: number) => clamp01(0.5 - distance);

/** 0 at `edge0`, 1 at `edge1`, smooth in between (either order). */
function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = clamp01((x - edge0) / (edge1 - edge0));
  return t * t * (3 - 2 * t);
}

/** A wavy horizon: the sum of two sines with random phases, so every picture's hills differ. */
function ridgeLine(random: Random, base: number, amplitude: number): (x: number) => number {
  const [f1, f2] = [between(random, 0.004, 0.009), between(random, 0.012, 0.022)];
  const [p1, p2] = [between(random, 0, 6.3), between(random, 0, 6.3)];
  return (x) => base + amplitude * Math.sin(x * f1 + p1) + amplitude * 0.35 * Math.sin(x * f2 + p2);
}

// ───────────────────────────── scenes ─────────────────────────────

type Landscape = { sky: string[]; sun: string; sunAt: [number, number]; hills: string[]; seed: number };

/** Sky gradient, a glowing sun, and layered hills from far (light) to near (dark). */
function landscape({ sky, sun, sunAt, hills, seed }: Landscape): Painter {
  const random = seededRandom(seed);
  const skyStops = sky.map(hex);
  const sunColor = hex(sun);
  const layers = hills.map((color, i) => ({
    color: hex(color),
    top: ridgeLine(random, PICTURE_HEIGHT * (0.52 + 0.11 * i), 26 + 14 * i),
  }));
  const [sunX, sunY] = [sunAt[0] * PICTURE_WIDTH, sunAt[1] * PICTURE_HEIGHT];
  const sunRadius = 46;
  return (x, y) => {
    let color = ramp(skyStops, y / (PICTURE_HEIGHT * 0.8));
    const distance = Math.hypot(x - sunX, y - sunY);
    color = mix(color, sunColor, 0.6 * Math.exp(-Math.max(0, distance - sunRadius) / 120));
    color = mix(color, sunColor, coverage(distance - sunRadius));
    for (const layer of layers) color = mix(color, layer.color, coverage(layer.top(x) - y));
    return color;
  };
}

type Bokeh = { background: string[]; circles: string[]; count: number; seed: number };

/** A diagonal gradient with soft, translucent out-of-focus circles. */
function bokeh({ background, circles, count, seed }: Bokeh): Painter {
  const random = seededRandom(seed);
  const stops = background.map(hex);
  const discs = Array.from({ length: count }, (_, i) => {
    const radius = between(random, 40, 200);
    return {
      x: between(random, 0, PICTURE_WIDTH),
      y: between(random, 0, PICTURE_HEIGHT),
      radius,
      softness: radius * between(random, 0.1, 0.5),
      alpha: between(random, 0.18, 0.5),
      color: hex(circles[i % circles.length]!),
    };
  });
  const diagonal = PICTURE_WIDTH + PICTURE_HEIGHT;
  return (x, y) => {
    let color = ramp(stops, (x + y) / diagonal);
    for (const disc of discs) {
      const distance = Math.hypot(x - disc.x, y - disc.y);
      color = mix(color, disc.color, disc.alpha * smoothstep(disc.radius, disc.radius - disc.softness, distance));
    }
    return color;
  };
}

type Waves = { bands: string[]; seed: number };

/** Stacked wavy bands, top to bottom, like a sea of clouds or layers of sea glass. */
function waves({ bands, seed }: Waves): Painter {
  const random = seededRandom(seed);
  const colors = bands.map(hex);
  const step = PICTURE_HEIGHT / colors.length;
  const edges = colors.slice(1).map((color, i) => ({ color, top: ridgeLine(random, step * (i + 1), 18 + 6 * i) }));
  return (x, y) => {
    let color = mix(colors[0]!, colors[1]!, (y / step) * 0.25);
    for (const edge of edges) color = mix(color, edge.color, coverage(edge.top(x) - y));
    return color;
  };
}

type Skyline = { sky: string[]; far: string; near: string; windows: string; seed: number };

type Building = { left: number; right: number; roof: number; lit: number };

function buildings(random: Random, minHeight: number, maxHeight: number): Building[] {
  const row: Building[] = [];
  for (let left = -20; left < PICTURE_WIDTH; ) {
    const width = between(random, 46, 120);
    row.push({ left, right: left + width, roof: PICTURE_HEIGHT - between(random, minHeight, maxHeight), lit: random() });
    left += width + between(random, 0, 14);
  }
  return row;
}

const WINDOW_COLUMN = 16;
const WINDOW_ROW = 22;

/** A city at dusk: two rows of buildings, the near one with lit windows. */
function skyline({ sky, far, near, windows, seed }: Skyline): Painter {
  const random = seededRandom(seed);
  const skyStops = sky.map(hex);
  const [farColor, nearColor, windowColor] = [hex(far), hex(near), hex(windows)];
  const farRow = buildings(random, 220, 380);
  const nearRow = buildings(random, 120, 300);
  const at = (row: Building[], x: number) => row.find((b) => x >= b.left && x < b.right);
  return (x, y) => {
    let color = ramp(skyStops, y / PICTURE_HEIGHT);
    const back = at(farRow, x);
    if (back && y >= back.roof) color = farColor;
    const front = at(nearRow, x);
    if (front && y >= front.roof) {
      color = nearColor;
      const column = Math.floor((x - front.left - 8) / WINDOW_COLUMN);
      const floor = Math.floor((y - front.roof - 12) / WINDOW_ROW);
      const inWindow = (x - front.left - 8) % WINDOW_COLUMN < 8 && (y - front.roof - 12) % WINDOW_ROW < 11;
      const insideWalls = x - front.left > 8 && front.right - x > 8 && floor >= 0;
      // A fixed pseudo-random pattern per window, so some are lit and some are dark.
      const lit = Math.abs(Math.sin(column * 12.9898 + floor * 78.233 + front.lit * 43.1)) % 1 < 0.45;
      if (inWindow && insideWalls && lit) color = windowColor;
    }
    return color;
  };
}

type StreetMap = {
  land: string;
  park: string;
  water: string;
  street: string;
  lines: { color: string; width: number }[];
  pin: string;
  angle: number;
  seed: number;
};

const STREET_SPACING = 64;
const STREET_WIDTH = 5;
const RIVER_HALF_WIDTH = 22;

/** A stylised city map: parks, a rotated street grid, a river, transit lines of varied width and a pin. */
function streetMap({ land, park, water, street, lines, pin, angle, seed }: StreetMap): Painter {
  const random = seededRandom(seed);
  const [landColor, parkColor, waterColor, streetColor, pinColor] = [hex(land), hex(park), hex(water), hex(street), hex(pin)];
  const parks = Array.from({ length: 5 }, () => ({
    x: between(random, 0, PICTURE_WIDTH),
    y: between(random, 0, PICTURE_HEIGHT),
    radius: between(random, 40, 110),
  }));
  const river = ridgeLine(random, PICTURE_HEIGHT * 0.3, 60);
  const routes = lines.map((line, i) => ({
    color: hex(line.color),
    width: line.width,
    path: ridgeLine(random, PICTURE_HEIGHT * (0.45 + 0.14 * i), 90),
  }));
  const [pinX, pinY] = [PICTURE_WIDTH * between(random, 0.3, 0.7), PICTURE_HEIGHT * between(random, 0.45, 0.7)];
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const toStreet = (v: number) => Math.abs(v - Math.round(v / STREET_SPACING) * STREET_SPACING);
  return (x, y) => {
    const [u, v] = [x * cos + y * sin, y * cos - x * sin];
    let color = mix(landColor, streetColor, coverage(Math.min(toStreet(u), toStreet(v)) - STREET_WIDTH / 2));
    for (const p of parks) color = mix(color, parkColor, coverage(Math.hypot(x - p.x, y - p.y) - p.radius));
    color = mix(color, waterColor, coverage(Math.abs(y - river(x)) - RIVER_HALF_WIDTH));
    for (const route of routes) color = mix(color, route.color, coverage(Math.abs(y - route.path(x)) - route.width / 2));
    const toPin = Math.hypot(x - pinX, y - pinY);
    color = mix(color, [0, 0, 0], 0.25 * Math.exp(-Math.max(0, toPin - 20) / 14));
    color = mix(color, pinColor, coverage(toPin - 20));
    return mix(color, [255, 255, 255], coverage(toPin - 7));
  };
}

const STRIPE_YEARS = 124;
const STRIPE_COLORS = ["#08306b", "#2171b5", "#6baed6", "#deebf7", "#fee0d2", "#fb6a4a", "#cb181d", "#67000d"];

/** Warming stripes: one vertical stripe per year, coloured by a made-up but plausible anomaly series. */
function warmingStripes({ seed }: { seed: number }): Painter {
  const random = seededRandom(seed);
  const stops = STRIPE_COLORS.map(hex);
  const anomalies = Array.from({ length: STRIPE_YEARS }, (_, year) => {
    const trend = Math.pow(year / STRIPE_YEARS, 2.4);
    return clamp01(0.22 + 0.72 * trend + between(random, -0.14, 0.14));
  });
  return (x) => ramp(stops, anomalies[Math.floor((x / PICTURE_WIDTH) * STRIPE_YEARS)]!);
}

type Latte = { background: string[]; saucer: string; cup: string; coffee: string; crema: string };

/**
 * Signed distance to a heart (point down) of size `a` centred near the origin: a square turned 45°
 * with a circle on each upper edge. A distance, unlike the usual implicit heart curve, gives an even
 * one-pixel edge all the way round.
 */
function heartDistance(dx: number, dy: number, a: number): number {
  const y = dy + 0.15 * a;
  const u = Math.abs((dx + y) / Math.SQRT2) - a;
  const v = Math.abs((y - dx) / Math.SQRT2) - a;
  const square = Math.hypot(Math.max(u, 0), Math.max(v, 0)) + Math.min(Math.max(u, v), 0);
  const lobeY = y + a / Math.SQRT2;
  const lobes = Math.min(Math.hypot(dx + a / Math.SQRT2, lobeY), Math.hypot(dx - a / Math.SQRT2, lobeY)) - a;
  return Math.min(square, lobes);
}

/** A latte from above: saucer, cup with a handle, and a heart in the foam. */
function latte({ background, saucer, cup, coffee, crema }: Latte): Painter {
  const stops = background.map(hex);
  const [saucerColor, cupColor, coffeeColor, cremaColor] = [hex(saucer), hex(cup), hex(coffee), hex(crema)];
  const [cx, cy] = [PICTURE_WIDTH * 0.46, PICTURE_HEIGHT * 0.5];
  return (x, y) => {
    let color = ramp(stops, (x + y) / (PICTURE_WIDTH + PICTURE_HEIGHT));
    const d = Math.hypot(x - cx, y - cy);
    color = mix(color, [40, 25, 15], 0.35 * Math.exp(-Math.max(0, d - 250) / 30));
    color = mix(color, saucerColor, coverage(d - 262));
    // The handle: a capsule to the right of the cup.
    const handleX = Math.min(Math.max(x, cx + 190), cx + 262);
    color = mix(color, cupColor, coverage(Math.hypot(x - handleX, y - cy) - 26));
    color = mix(color, mix(cupColor, [0, 0, 0], 0.08), coverage(d - 200));
    color = mix(color, cupColor, coverage(d - 190));
    color = mix(color, mix(coffeeColor, [60, 30, 10], d / 170), coverage(d - 168));
    return mix(color, cremaColor, coverage(heartDistance(x - cx, y - cy, 58)));
  };
}

// ───────────────────────────── the pictures ─────────────────────────────

const PAINTERS = {
  "ridge-dawn": () =>
    landscape({
      sky: ["#1e1b4b", "#6d28d9", "#f472b6", "#fdba74"],
      sun: "#fff7ed",
      sunAt: [0.68, 0.5],
      hills: ["#a78bfa", "#7c3aed", "#4c1d95", "#1e1b4b"],
      seed: 11,
    }),
  "ridge-alpine": () =>
    landscape({
      sky: ["#0c4a6e", "#0ea5e9", "#bae6fd", "#f0f9ff"],
      sun: "#ffffff",
      sunAt: [0.25, 0.22],
      hills: ["#cbd5e1", "#65a30d", "#3f6212", "#1a2e05"],
      seed: 23,
    }),
  "ridge-golden": () =>
    landscape({
      sky: ["#7c2d12", "#ea580c", "#fbbf24", "#fef3c7"],
      sun: "#fffbeb",
      sunAt: [0.4, 0.56],
      hills: ["#d97706", "#92400e", "#451a03"],
      seed: 37,
    }),
  "sea-of-clouds": () => waves({ bands: ["#7dd3fc", "#e0f2fe", "#f8fafc", "#cbd5e1", "#94a3b8", "#334155"], seed: 41 }),
  "mood-dusk": () =>
    bokeh({
      background: ["#fb923c", "#db2777", "#4c1d95"],
      circles: ["#fde68a", "#fbcfe8", "#fdba74"],
      count: 16,
      seed: 53,
    }),
  "mood-sea-glass": () => waves({ bands: ["#ecfeff", "#a5f3fc", "#67e8f9", "#2dd4bf", "#0d9488", "#134e4a"], seed: 59 }),
  "mood-accent": () =>
    bokeh({
      background: ["#0f172a", "#1e293b", "#312e81"],
      circles: ["#f43f5e", "#facc15", "#22d3ee"],
      count: 12,
      seed: 61,
    }),
  "amman-dusk": () =>
    skyline({
      sky: ["#1e3a8a", "#9333ea", "#f97316", "#fcd34d"],
      far: "#6b4f7a",
      near: "#2a1b3d",
      windows: "#fde68a",
      seed: 71,
    }),
  "stairs-map": () =>
    streetMap({
      land: "#f5efe6",
      park: "#bbf7d0",
      water: "#93c5fd",
      street: "#ffffff",
      lines: [{ color: "#f97316", width: 10 }],
      pin: "#e11d48",
      angle: 0.35,
      seed: 83,
    }),
  "warming-stripes": () => warmingStripes({ seed: 89 }),
  "sunday-latte": () =>
    latte({
      background: ["#fde68a", "#fca5a5", "#c4b5fd"],
      saucer: "#f8fafc",
      cup: "#ffffff",
      coffee: "#a16207",
      crema: "#fef3c7",
    }),
  "bus-map": () =>
    streetMap({
      land: "#f1f5f9",
      park: "#d9f99d",
      water: "#7dd3fc",
      street: "#ffffff",
      lines: [
        { color: "#dc2626", width: 16 },
        { color: "#2563eb", width: 9 },
        { color: "#16a34a", width: 4 },
      ],
      pin: "#0f172a",
      angle: -0.2,
      seed: 97,
    }),
  "new-look": () =>
    bokeh({
      background: ["#ede9fe", "#c4b5fd", "#7c3aed"],
      circles: ["#ffffff", "#f5d0fe", "#a5b4fc"],
      count: 14,
      seed: 101,
    }),
} satisfies Record<string, () => Painter>;

export type PictureName = keyof typeof PAINTERS;

/** The named picture as PNG bytes (960 × 640). */
export function paintPicture(name: PictureName): Buffer {
  return render(PAINTERS[name]());
}
