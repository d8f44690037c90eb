// Writes the raster copies of Murmur's icons that some clients need: the home-screen icon iOS asks for
// (public/apple-touch-icon.png, 180×180) and the default avatar as a share card's image
// (public/default-avatar.png, 400×400: X, Facebook and LinkedIn show no SVG). Drawn from the SVGs in
// public/ by the Chromium the end-to-end tests use. Run after changing those SVGs:
//   node scripts/raster-icons.mjs
import { readFileSync, writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";

const ICONS = [
  { from: "public/favicon.svg", to: "public/apple-touch-icon.png", size: 180, background: "#0f1419" },
  { from: "public/default-avatar.svg", to: "public/default-avatar.png", size: 400, background: "#cfd9de" },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
try {
  for (const { from, to, size, background } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const svg = readFileSync(from, "utf8").replace("<svg ", `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><body style="margin:0;background:${background}">${svg}</body>`);
    writeFileSync(to, await page.screenshot({ type: "png" }));
    await page.close();
    console.log(`${to}: ${size}×${size}`);
  }
} finally {
  await browser.close();
}
