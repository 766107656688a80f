// The HTML report's stylesheet: inline, no fonts or images fetched; readable in print and without colour (every
// state is also a word).

/** The report's CSS. */
export const STYLE = `
:root { --ok: #17623a; --ok-bg: #e3f4ea; --bad: #a11d2c; --bad-bg: #fbe7e9; --skip: #6b5300; --skip-bg: #fbf3d5;
  --ink: #1d2430; --muted: #5b6577; --line: #d9dee7; --panel: #f6f8fb; --nav: #0f2742; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  color: var(--ink); background: #fff; }
header.top { background: var(--nav); color: #fff; padding: 20px 32px 18px; }
header.top h1 { margin: 0 0 4px; font-size: 22px; font-weight: 650; }
header.top .meta { color: #c9d6e8; font-size: 13px; word-break: break-all; }
main { max-width: 1180px; margin: 0 auto; padding: 8px 32px 48px; }
h2 { font-size: 19px; margin: 32px 0 10px; padding-bottom: 6px; border-bottom: 1px solid var(--line); }
h3 { font-size: 16px; margin: 22px 0 8px; }
.verdict { display: flex; flex-wrap: wrap; align-items: center; gap: 12px; margin: 20px 0 6px; }
.verdict .big { font-size: 20px; font-weight: 700; padding: 6px 14px; border-radius: 6px; }
.big.pass { background: var(--ok-bg); color: var(--ok); } .big.fail { background: var(--bad-bg); color: var(--bad); }
.chip { font-weight: 600; padding: 3px 10px; border-radius: 999px; font-size: 14px; border: 1px solid var(--line); }
.chip.pass { color: var(--ok); } .chip.fail { color: var(--bad); } .chip.skip { color: var(--skip); }
.summary-line { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; color: var(--muted); }
nav.jump { margin: 10px 0 0; font-size: 14px; } nav.jump a { margin-right: 16px; color: #1a56a8; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-size: 14px; }
th, td { text-align: left; padding: 6px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: var(--panel); font-weight: 600; color: var(--muted); font-size: 13px; }
td.num { font-variant-numeric: tabular-nums; white-space: nowrap; }
th.c-state { width: 96px; } th.c-num { width: 120px; }
.state { display: inline-block; white-space: nowrap; min-width: 64px; text-align: center; font-weight: 700; font-size: 12px;
  letter-spacing: .03em; padding: 2px 6px; border-radius: 4px; }
.state.passed { background: var(--ok-bg); color: var(--ok); } .state.failed { background: var(--bad-bg); color: var(--bad); }
.state.not-run, .state.skipped { background: var(--skip-bg); color: var(--skip); }
.muted { color: var(--muted); } .small { font-size: 13px; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
details > summary { cursor: pointer; }
details.untested { margin-top: 12px; } details.untested > summary { color: var(--muted); }
details.cases ul { margin: 6px 0 4px; padding-left: 18px; }
article.failure { border: 1px solid var(--line); border-left: 4px solid var(--bad); border-radius: 6px;
  padding: 12px 16px; margin: 14px 0; background: #fff; }
article.failure h3 { margin: 0 0 6px; font-size: 15px; word-break: break-word; }
.finding { margin: 10px 0 0; }
.finding .check { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-weight: 700; color: var(--bad); }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 6px 0 0; }
dl.facts dt { color: var(--muted); font-size: 13px; } dl.facts dd { margin: 0; white-space: pre-wrap; word-break: break-word; }
.reproduce-label { margin-top: 8px; }
pre.reproduce { background: var(--panel); border: 1px solid var(--line); border-radius: 4px; padding: 8px 10px;
  white-space: pre-wrap; word-break: break-all; margin: 8px 0 0; max-height: 14em; overflow: auto; }
footer { margin-top: 40px; padding-top: 12px; border-top: 1px solid var(--line); color: var(--muted); font-size: 13px; }
@media (max-width: 640px) { main { padding: 4px 14px 32px; } header.top { padding: 14px; }
  th, td { padding: 5px 6px; } article.failure { padding: 10px; } dl.facts { grid-template-columns: 1fr; } }
@media print { header.top { background: none; color: var(--ink); } header.top .meta { color: var(--muted); }
  nav.jump { display: none; } details { display: block; } pre.reproduce { max-height: none; } }
`;
