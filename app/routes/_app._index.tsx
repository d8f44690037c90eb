import type { MetaFunction } from "@remix-run/cloudflare";

export const meta: MetaFunction = () => [{ title: "Home | Murmur" }];

export default function Home() {
  return (
    <div>
      <h1 className="sticky top-0 z-10 border-b border-line bg-bg/90 px-4 py-3 text-xl font-extrabold backdrop-blur">Home</h1>
    </div>
  );
}
