/**
 * The page every HTML output shares (the report and the matrix): the escaping, the one inline
 * stylesheet, and the pieces of markup both draw the same way. No external resource of any kind:
 * the file must open offline and leak nothing when opened.
 */

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

// Checked by eye in Chromium at 1400 and 800 px (scripts/screenshot-reports.mjs). Numbers align
// right under right-aligned headers; the run verdicts have one colour each, shared by the
// report's verdict box and the matrix's badges.
export const HTML_STYLE = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1b1f24;background:#fff}
main{max-width:1200px;margin:0 auto;padding:24px}
h1{font-size:20px;margin:0 0 4px} h2{font-size:16px;margin:28px 0 8px}
.meta{color:#57606a;margin-bottom:16px;overflow-wrap:anywhere}
.verdict{padding:12px 16px;border-radius:6px;border:1px solid;font-weight:600;margin:12px 0}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;border:1px solid;font-weight:600;white-space:nowrap}
.conformant{background:#dafbe1;color:#116329;border-color:#aceebb}
.not-conformant{background:#ffebe9;color:#a40e26;border-color:#ffcecb}
.incomplete{background:#fff8c5;color:#7d4e00;border-color:#e9c94f}
.blocked{background:#eef1f4;color:#424a53;border-color:#afb8c1}
.unstable{background:#fbefff;color:#6e2b8c;border-color:#e0b8f0}
table{border-collapse:collapse;width:100%} th,td{text-align:left;padding:4px 8px;border-bottom:1px solid #d0d7de;vertical-align:top}
th{background:#f6f8fa;font-weight:600} th.num,td.num{text-align:right;font-variant-numeric:tabular-nums}
table.areas{width:auto;min-width:50%} table.areas .num{width:6.5em} td.zero{color:#8c959f}
code,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:12px}
.nw,.rid span{white-space:nowrap}
@media (min-width:1000px){#requirements .rid,#requirements td.level{white-space:nowrap}}
.v-pass{color:#116329}.v-fail{color:#a40e26;font-weight:600}.v-warn{color:#9a6700;font-weight:600}.v-not-tested{color:#9a6700}.v-not-applicable{color:#57606a}
.mark{font-weight:700}
td.verdict-cell{white-space:nowrap}
.filters{display:flex;flex-wrap:wrap;align-items:center;gap:8px;margin:8px 0} .filters input{flex:1 1 240px;padding:6px} .filters select{padding:6px}
#shown-count{white-space:nowrap}
.message{color:#57606a} .hidden{display:none}
.hint{display:block;margin-top:2px;color:#57606a} .hint code{background:#eef1f4;color:#1b1f24;padding:0 4px;border-radius:4px}
.transcript{margin:6px 0 10px;background:#f6f8fa} .transcript td{border:none;padding:1px 6px}
.transcript tr+tr td{border-top:1px solid #eaeef2}
.transcript td.t,.transcript td.dir{white-space:nowrap} .transcript td.t{text-align:right;color:#57606a}
.transcript td.text{width:100%;white-space:pre-wrap;overflow-wrap:anywhere}
.dir-sent td.dir{color:#0550ae}.dir-received td.dir{color:#116329}.dir-stderr td.dir{color:#9a6700}.dir-note td.dir{color:#57606a}
.flags{color:#57606a} pre{background:#f6f8fa;padding:8px;overflow:auto;white-space:pre-wrap;overflow-wrap:anywhere}
#matrix thead{position:sticky;top:0;box-shadow:0 1px 0 #afb8c1} #matrix thead th{background:#f6f8fa}
#matrix th.target,#matrix td.cell{text-align:center} #matrix td.cell{font-size:16px;white-space:nowrap}
#matrix td.cell-fail{background:#ffebe9} #matrix td.cell-warn{background:#fff8c5} #matrix .badge{font-size:12px;white-space:normal}
#matrix tr.area th{background:#eaeef2}
.targets{margin:0 0 16px;padding-left:20px} .targets li{margin:2px 0}
.legend{color:#57606a;margin:12px 0}
`;

/** A requirement id that wraps only after its dots, never at a hyphen inside a segment. */
export function requirementIdHtml(id: string): string {
  return `<code class="rid">${id
    .split(".")
    .map((segment) => `<span>${escapeHtml(segment)}</span>`)
    .join(".<wbr>")}</code>`;
}

/** Options such as `--prompt <text>`: wraps between words, never inside `--cancel-prompt`. */
export function optionsHtml(text: string): string {
  return `<code>${text
    .split(" ")
    .map((word) => `<span class="nw">${escapeHtml(word)}</span>`)
    .join(" ")}</code>`;
}

export function htmlPage(title: string, body: string, script = ""): string {
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"><title>${escapeHtml(title)}</title><style>${HTML_STYLE}</style></head><body><main>${body}</main>${script ? `<script>${script}</script>` : ""}</body></html>\n`;
}
