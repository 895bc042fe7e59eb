/**
 * The games' rules documents (games/NAME.md) as page elements: headings, paragraphs, lists,
 * tables, code, emphasis and links. Built with the DOM's own nodes, text always as text, so a
 * document can never inject markup; links go only to http(s) addresses.
 */
import { el } from "./dom.js";

/** Inline text: `code`, **strong**, *emphasis*, [links](https://...). */
function inline(text: string): Array<Node | string> {
  const out: Array<Node | string> = [];
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*|\*([^*]+)\*|_([^_]+)_|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index! > last) out.push(text.slice(last, m.index));
    if (m[1] !== undefined) out.push(el("code", {}, m[1]));
    else if (m[2] !== undefined) out.push(el("strong", {}, ...inline(m[2])));
    else if (m[3] !== undefined || m[4] !== undefined) out.push(el("em", {}, ...inline((m[3] ?? m[4])!)));
    else out.push(/^https?:\/\//.test(m[6]!) ? el("a", { href: m[6]!, rel: "noopener", target: "_blank" }, ...inline(m[5]!)) : m[5]!);
    last = m.index! + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

const cells = (row: string) => row.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim());

export function renderMarkdown(md: string): HTMLElement {
  const root = el("div", { class: "markdown" });
  const lines = md.replace(/\r\n/g, "\n").split("\n");
  for (let i = 0; i < lines.length; ) {
    const line = lines[i]!;
    if (!line.trim()) {
      i++;
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      root.append(el(`h${Math.min(6, heading[1]!.length + 1)}` as "h2", {}, ...inline(heading[2]!)));
      i++;
    } else if (line.startsWith("```")) {
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i]!.startsWith("```"); i++) code.push(lines[i]!);
      i++;
      root.append(el("pre", {}, el("code", {}, code.join("\n"))));
    } else if (/^\s*\|/.test(line)) {
      const table = el("table", {});
      const rows: string[] = [];
      for (; i < lines.length && /^\s*\|/.test(lines[i]!); i++) rows.push(lines[i]!);
      rows.forEach((row, k) => {
        if (k === 1 && /^[\s|:-]+$/.test(row)) return; // the header's underline
        table.append(el("tr", {}, ...cells(row).map((c) => el(k === 0 ? "th" : "td", {}, ...inline(c)))));
      });
      root.append(table);
    } else if (/^\s*([-*]|\d+\.)\s+/.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const list = el(ordered ? "ol" : "ul", {});
      for (; i < lines.length && /^\s*([-*]|\d+\.)\s+/.test(lines[i]!); i++) {
        let item = lines[i]!.replace(/^\s*([-*]|\d+\.)\s+/, "");
        // Continuation lines of the item (indented, not a new item).
        while (i + 1 < lines.length && /^\s{2,}\S/.test(lines[i + 1]!) && !/^\s*([-*]|\d+\.)\s+/.test(lines[i + 1]!)) item += ` ${lines[++i]!.trim()}`;
        list.append(el("li", {}, ...inline(item)));
      }
      root.append(list);
    } else {
      const para: string[] = [];
      for (; i < lines.length && lines[i]!.trim() && !/^(#{1,6}\s|```|\s*\||\s*([-*]|\d+\.)\s)/.test(lines[i]!); i++) para.push(lines[i]!.trim());
      root.append(el("p", {}, ...inline(para.join(" "))));
    }
  }
  return root;
}
