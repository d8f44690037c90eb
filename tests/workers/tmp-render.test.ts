import { it } from "vitest";
import { createElement as h } from "react";
import { renderToReadableStream, renderToString } from "react-dom/server";
function Card({ i }: { i: number }) {
  return h("article", { className: "post-card post-card-in-list", id: `post-${i}`, "aria-labelledby": `post-${i}-a` },
    Array.from({ length: 80 }, (_, j) => h("span", { key: j, className: "text-muted hover:underline flex items-center", "data-x": String(j), title: "hello" }, `text ${j}`)));
}
const tree = () => h("div", null, Array.from({ length: 20 }, (_, i) => h(Card, { key: i, i })));
it("render", async () => {
  for (let r = 0; r < 3; r++) {
    let t = performance.now();
    for (let k = 0; k < 10; k++) renderToString(tree());
    const s = (performance.now() - t) / 10;
    t = performance.now();
    for (let k = 0; k < 10; k++) { const stream = await renderToReadableStream(tree()); await new Response(stream).text(); }
    const st = (performance.now() - t) / 10;
    console.log("RENDER string", s.toFixed(1), "stream", st.toFixed(1));
  }
});
