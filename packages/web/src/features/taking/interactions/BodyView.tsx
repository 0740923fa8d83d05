import { createElement, Fragment, useMemo, type ReactNode } from "react";
import { cleanChildren, type BodyNode } from "./body";

/**
 * The server's sanitised XHTML (contract content/interactions.ts: sanitize-html at import) made
 * into a tree through the client allow-list (body.ts). DOMParser's document is inert: it runs no
 * script and loads nothing. Only the cleaned tree becomes React elements: no HTML string reaches
 * the page.
 */
export function parseBody(html: string): BodyNode[] {
  const doc = new DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, "text/html");
  return cleanChildren(doc.body);
}

/** What stands at the server's markers: an interaction (by index), a gap, a hot text. */
export interface BodyMarkers {
  slot?: (index: number, inline: boolean) => ReactNode;
  gap?: (id: string) => ReactNode;
  hottext?: (id: string, content: ReactNode) => ReactNode;
}

const REACT_NAMES: Record<string, string> = { colspan: "colSpan", rowspan: "rowSpan", srclang: "srcLang" };

function render(nodes: readonly BodyNode[], markers: BodyMarkers, keyPrefix: string): ReactNode[] {
  return nodes.map((n, i) => {
    const key = `${keyPrefix}${i}`;
    if (typeof n === "string") return <Fragment key={key}>{n}</Fragment>;
    const { "data-qti-slot": slot, "data-qti-gap": gap, "data-qti-hottext": hot, ...attrs } = n.attrs;
    if (slot !== undefined && markers.slot) return <Fragment key={key}>{markers.slot(Number(slot), n.tag === "span")}</Fragment>;
    if (gap !== undefined && markers.gap) return <Fragment key={key}>{markers.gap(gap)}</Fragment>;
    if (hot !== undefined && markers.hottext) return <Fragment key={key}>{markers.hottext(hot, render(n.children, markers, `${key}.`))}</Fragment>;
    const props: Record<string, unknown> = { key };
    for (const [name, value] of Object.entries(attrs)) props[REACT_NAMES[name] ?? name] = value;
    if (n.tag === "audio" || n.tag === "video") {
      props.controls = true;
      props.preload = "metadata";
      props.style = { maxWidth: "100%" };
    }
    if (n.tag === "img" || n.tag === "table") props.style = { maxWidth: "100%", height: n.tag === "img" ? "auto" : undefined };
    if (n.tag === "ol" && "reversed" in attrs) props.reversed = true;
    return n.children.length ? createElement(n.tag, props, ...render(n.children, markers, `${key}.`)) : createElement(n.tag, props);
  });
}

/** An item body (or a prompt, a choice's content): allowed markup only, the markers drawn by the caller. */
export function BodyView({ html, markers = {} }: { html: string; markers?: BodyMarkers }) {
  const nodes = useMemo(() => parseBody(html), [html]);
  return <>{render(nodes, markers, "")}</>;
}
