import { describe, expect, it } from "vitest";
import { escapeHtml, html, type Markup } from "~/lib/html";

describe("html", () => {
  it("escapes every value as React escapes text and attributes", () => {
    const name = `<b onclick="x('y')">Tom & Jerry</b>`;
    expect(html`<a title="${name}">${name}</a>`.__html).toBe(
      '<a title="&lt;b onclick=&quot;x(&#x27;y&#x27;)&quot;&gt;Tom &amp; Jerry&lt;/b&gt;">&lt;b onclick=&quot;x(&#x27;y&#x27;)&quot;&gt;Tom &amp; Jerry&lt;/b&gt;</a>',
    );
    expect(escapeHtml("plain words, no change")).toBe("plain words, no change");
  });

  it("puts markup made by html in as it is, and lists one after another", () => {
    const items = ["a<", "b>"].map((item) => html`<li>${item}</li>`);
    expect(html`<ul>${items}</ul>`.__html).toBe("<ul><li>a&lt;</li><li>b&gt;</li></ul>");
    expect(html`${html`<i>${"&"}</i>`}`.__html).toBe("<i>&amp;</i>");
  });

  it("writes nothing for null, undefined and false, and numbers as they are", () => {
    expect(html`[${null}${undefined}${false}${0}${12.5}]`.__html).toBe("[012.5]");
  });

  it("never takes a look-alike of its markup for markup", () => {
    const forged = { __html: "<script>alert(1)</script>" } as unknown as Markup;
    expect(html`${forged}`.__html).toBe("[object Object]");
    expect(html`${forged}`.__html).not.toContain("<script>");
  });

  it("lays out a template's lines much as JSX does", () => {
    const text = "two\n  lines";
    const id = "x";
    // Nothing where a break touches a tag, fills a part between two values, or opens or closes the template.
    const made = html`
      <p>
        ${text}
      </p>
      ${id}
      ${id}`;
    expect(made.__html).toBe("<p>two\n  lines</p>xx");
    // One space inside a tag, an attribute value or text, even right next to a value.
    const wrapped = html`<a
      id="${id}"
      class="${id}
        extra">kept
        space ${id}
        after</a>`;
    expect(wrapped.__html).toBe('<a id="x" class="x extra">kept space x after</a>');
  });

  it("is what dangerouslySetInnerHTML takes, and prints as its markup", () => {
    const made = html`<b>${"x"}</b>`;
    expect(`${made}`).toBe("<b>x</b>");
    expect(Object.keys(made)).toEqual(["__html"]);
  });
});
