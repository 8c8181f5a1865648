/** The web page's style sheet (served at /assets/app.css). Light and dark, laptop and phone. */
export const PAGE_CSS = `
:root {
  color-scheme: light dark;
  --bg: #f6f7f9; --fg: #1c2128; --muted: #5b6470; --panel: #ffffff; --line: #d5d9df;
  --accent: #0b62d6; --accent-fg: #ffffff; --kept: #1a7f37; --kept-bg: rgba(46, 160, 67, 0.14);
  --dropped: #8c959f; --error-bg: #fff0f0; --error-fg: #a40e26; --code-bg: #f0f2f5;
  --radius: 8px;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif;
  font-size: 16px; line-height: 1.45;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #111418; --fg: #e6e8eb; --muted: #9aa4b0; --panel: #1a1f25; --line: #313842;
    --accent: #5aa2ff; --accent-fg: #0b0d10; --kept: #4ac26b; --kept-bg: rgba(74, 194, 107, 0.16);
    --error-bg: #3a1216; --error-fg: #ffb3bd; --code-bg: #0f1317;
    --good: #4ac26b; --fair: #d4a72c; --poor: #ff8182;
  }
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { margin: 0; background: var(--bg); color: var(--fg); }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -999px; top: 0; }
.skip:focus { left: 8px; top: 8px; background: var(--panel); padding: 6px 10px; z-index: 10; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
/* The file input stays in the tab order; its label shows where the focus is. */
.visually-hidden:focus-visible + .button { outline: 3px solid var(--accent); outline-offset: 2px; }
.bar { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 16px; padding: 12px 20px; border-bottom: 1px solid var(--line); background: var(--panel); }
.bar h1 { margin: 0; font-size: 1.35rem; }
.bar .version { font-size: 0.8rem; color: var(--muted); font-weight: normal; }
.bar .tagline { margin: 0; color: var(--muted); flex: 1; }
.bar nav a { margin-left: 12px; }
main { max-width: 1500px; margin: 0 auto; padding: 16px 20px 32px; }
footer { text-align: center; padding: 0 20px 24px; font-size: 0.85rem; }
.panel { background: var(--panel); border: 1px solid var(--line); border-radius: var(--radius); padding: 16px; }
.panel.dragging { outline: 3px dashed var(--accent); outline-offset: -6px; }
.label { display: block; font-weight: 600; margin-bottom: 6px; }
textarea, input, select, button { font: inherit; color: inherit; }
textarea { width: 100%; resize: vertical; min-height: 7.5em; padding: 8px 10px; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 0.85rem; }
input[type=url], input[type=text], input[type=number], select { padding: 6px 8px; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); min-height: 2.25rem; }
.row { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px; margin-top: 10px; }
.fields label { display: flex; flex-direction: column; gap: 2px; font-size: 0.9rem; color: var(--muted); }
.fields label select, .fields label input { color: var(--fg); }
.fields .grow { flex: 1 1 260px; }
.fields .grow input { width: 100%; }
button, .button { display: inline-flex; align-items: center; min-height: 2.25rem; padding: 6px 16px; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: var(--accent-fg); cursor: pointer; font-weight: 600; }
button:disabled { opacity: 0.6; cursor: progress; }
.button.secondary, button.secondary { background: transparent; color: var(--accent); }
button.link { background: none; border: none; color: var(--accent); padding: 0 4px; min-height: 0; font-weight: normal; text-decoration: underline; }
.muted { color: var(--muted); }
.hint { color: var(--muted); font-size: 0.85rem; }
kbd { font-family: inherit; font-size: 0.8rem; border: 1px solid var(--line); border-bottom-width: 2px; border-radius: 4px; padding: 0 4px; }
.description { margin: 8px 0 0; font-size: 0.9rem; }
details { margin-top: 10px; }
summary { cursor: pointer; color: var(--muted); }
.parameters { display: grid; grid-template-columns: repeat(auto-fill, minmax(230px, 1fr)); gap: 10px 16px; margin: 10px 0 6px; }
.parameters label { display: flex; flex-direction: column; gap: 2px; font-size: 0.85rem; }
.parameters label span.name { font-family: ui-monospace, Menlo, Consolas, monospace; }
.parameters label small { color: var(--muted); }
.parameters label.check { flex-direction: row; align-items: center; gap: 8px; }
.key-row { margin: 0 0 10px; }
.key-row .label { margin: 0; }
.key-row input { flex: 1 1 16em; padding: 6px 8px; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); min-height: 2.25rem; }
.error { margin-top: 12px; padding: 10px 12px; border-radius: 6px; background: var(--error-bg); color: var(--error-fg); white-space: pre-wrap; }
#results { margin-top: 16px; }
.tabs { display: flex; flex-wrap: wrap; gap: 4px; border-bottom: 1px solid var(--line); }
.tabs [role=tab] { background: transparent; color: var(--muted); border: 1px solid transparent; border-bottom: none; border-radius: 6px 6px 0 0; font-weight: 600; padding: 6px 14px; }
.tabs [role=tab][aria-selected=true] { background: var(--panel); color: var(--fg); border-color: var(--line); margin-bottom: -1px; }
.tabs [role=tab][hidden] { display: none; }
.columns { display: grid; grid-template-columns: repeat(var(--columns, 1), minmax(0, 1fr)); gap: 12px; padding-top: 12px; }
.result { background: var(--panel); border: 1px solid var(--line); border-radius: var(--radius); padding: 12px; min-width: 0; }
.result header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 12px; margin-bottom: 8px; }
.result h2 { margin: 0; font-size: 1.05rem; }
.result .stats { color: var(--muted); font-size: 0.85rem; flex: 1; }
.quality-badge { display: inline-flex; flex-wrap: wrap; gap: 0.3rem; align-items: center; font-size: 0.8rem; padding: 0.1rem 0.5rem; border-radius: 0.8rem; border: 1px solid currentColor; }
.quality-badge.good { color: var(--good, #1a7f37); }
.quality-badge.fair { color: var(--fair, #9a6700); }
.quality-badge.poor { color: var(--poor, #cf222e); }
.quality-badge.none { color: var(--muted); }
.quality-badge .page-type { color: var(--muted); }
.quality-badge .reason { font-size: 0.75rem; }
ul.reasons { margin: 0 0 8px; padding-left: 1.2em; font-size: 0.875rem; }
ul.reasons li { margin: 2px 0; }
ul.reasons code { font-size: 0.8rem; background: var(--code-bg); padding: 0 4px; border-radius: 3px; }
ul.reasons li.rule { list-style: none; margin-left: -1.2em; color: var(--muted); }
.glossary { margin-top: 14px; font-size: 0.875rem; }
.glossary p { max-width: 60em; }
.glossary dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 14px; margin: 8px 0 0; }
.glossary dd { margin: 0; }
dl.metadata dd.lines { white-space: pre-line; }
@media (max-width: 600px) { .glossary dl { grid-template-columns: minmax(0, 1fr); } .glossary dd { margin-bottom: 6px; } }
.result .tools { display: flex; gap: 8px; }
.result .tools button { padding: 2px 10px; min-height: 2rem; font-size: 0.85rem; }
.legend { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 14px; font-size: 0.85rem; color: var(--muted); margin-bottom: 6px; }
.legend .swatch { display: inline-block; width: 0.9em; height: 0.9em; vertical-align: -0.1em; margin-right: 4px; border-radius: 2px; }
.legend .kept { outline: 2px solid var(--kept); background: var(--kept-bg); }
.legend .dropped { background: var(--dropped); opacity: 0.45; }
.legend .first-kept { margin-left: auto; font-size: inherit; }
iframe { width: 100%; height: 70vh; min-height: 320px; border: 1px solid var(--line); border-radius: 6px; background: #fff; }
pre.markdown { margin: 0; max-height: 70vh; overflow: auto; padding: 10px 12px; background: var(--code-bg); border-radius: 6px; white-space: pre-wrap; word-break: break-word; font-size: 0.85rem; }
dl.metadata { display: grid; grid-template-columns: max-content 1fr; gap: 4px 14px; margin: 0; }
dl.metadata dt { color: var(--muted); }
dl.metadata dd { margin: 0; word-break: break-word; }
.plot-scroll { overflow-x: auto; max-width: 100%; border: 1px solid var(--line); border-radius: 6px; background: #fff; }
img.plot { display: block; max-width: none; width: auto; height: auto; }
.note { color: var(--muted); font-size: 0.85rem; margin: 0 0 6px; }
.warnings { color: var(--muted); font-size: 0.85rem; margin: 6px 0 0; }
.empty { color: var(--muted); font-style: italic; }
@media (max-width: 900px) {
  .columns { grid-template-columns: minmax(0, 1fr); }
}
@media (max-width: 600px) {
  main { padding: 10px; }
  .bar { padding: 10px; }
  .bar .tagline { display: none; }
  .fields label { flex: 1 1 45%; }
  .fields label select { width: 100%; }
  .hint { display: none; }
  /* Too narrow for a row of tabs: they wrap, as buttons, each label whole. */
  .tabs { border-bottom: none; gap: 6px; }
  .tabs [role=tab] { white-space: nowrap; padding: 4px 10px; border: 1px solid var(--line); border-radius: 6px; min-height: 2rem; }
  .tabs [role=tab][aria-selected=true] { margin-bottom: 0; border-color: var(--accent); color: var(--accent); }
  iframe { height: 60vh; }
}
`;
