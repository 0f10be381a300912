/**
 * A tiny element builder: attributes and children, text always as text nodes (never innerHTML: every name shown
 * comes from the data). `svg` builds SVG elements the same way.
 */

type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, string | number | boolean | undefined>;

function fill<E extends Element>(el: E, attrs: Attrs | null, children: Child[]): E {
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === false) continue;
    el.setAttribute(name, value === true ? "" : String(value));
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === "object" ? c : String(c));
  }
  return el;
}

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs | null = null, ...children: Child[]): HTMLElementTagNameMap[K] {
  return fill(document.createElement(tag), attrs, children);
}

export function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Attrs | null = null, ...children: Child[]): SVGElementTagNameMap[K] {
  return fill(document.createElementNS("http://www.w3.org/2000/svg", tag), attrs, children);
}

/** The element of an id index.html guarantees. */
export function byId<E extends Element = HTMLElement>(id: string): E {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} is missing from index.html`);
  return el as unknown as E;
}
