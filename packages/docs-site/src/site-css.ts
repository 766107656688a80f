// The site's one stylesheet (system fonts only: nothing is fetched from outside).
export const SITE_CSS = `:root{--fg:#1d2430;--muted:#5a6473;--accent:#0b5cad;--bg:#fff;--soft:#f4f6f9;--line:#dde2ea}
*{box-sizing:border-box}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg)}
code,pre,textarea,.mono{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:.9em}
a{color:var(--accent)}
.site-nav{display:flex;gap:1.2rem;align-items:center;padding:.6rem 1.2rem;background:#0f2742;color:#fff;position:relative;z-index:100}
body.reference .site-nav{position:sticky;top:0}
.site-nav>a,.site-nav summary{color:#fff;text-decoration:none;cursor:pointer}
.site-nav>a:first-child{font-weight:700}
.site-nav [aria-current=page]{text-decoration:underline}
.site-nav details{position:relative}
.site-nav details ul{position:absolute;top:1.9rem;left:0;margin:0;padding:.5rem 1rem;list-style:none;background:#fff;border:1px solid var(--line);border-radius:6px;min-width:18rem;box-shadow:0 4px 14px rgba(0,0,0,.12)}
.site-nav details li{padding:.15rem 0}
.site-nav details a{color:var(--accent)}
.content{max-width:52rem;margin:2rem auto 4rem;padding:0 1.2rem}
.content pre{background:var(--soft);border:1px solid var(--line);border-radius:6px;padding:.8rem;overflow:auto}
.content table{border-collapse:collapse}.content td,.content th{border:1px solid var(--line);padding:.3rem .6rem;text-align:left}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));gap:1rem;padding:0;list-style:none}
.cards li{border:1px solid var(--line);border-radius:8px;padding:.8rem 1rem;background:var(--soft)}
figure.sequence{margin:1.5rem 0;overflow-x:auto}
figure.sequence svg{max-width:100%;height:auto}
.pager{display:flex;justify-content:space-between;margin-top:3rem;border-top:1px solid var(--line);padding-top:1rem}
.debugger label{display:block;font-weight:600;margin-top:1rem}
.debugger textarea,.debugger input,.debugger select{width:100%;padding:.4rem;border:1px solid var(--line);border-radius:4px}
.debugger textarea{min-height:8rem}
.debugger select,.debugger input{font:inherit}
.debugger button{font:inherit;font-weight:600;padding:.45rem 1.4rem;background:var(--accent);color:#fff;border:0;border-radius:4px;cursor:pointer}
.debugger button:hover{background:#0f2742}
.debugger output{display:block;font:.9em/1.5 ui-monospace,"DejaVu Sans Mono",monospace;white-space:pre-wrap;word-break:break-all;background:var(--soft);border:1px solid var(--line);border-radius:4px;padding:.5rem;min-height:1.5rem}
.debugger .ok{color:#146c2e;font-weight:700}.debugger .bad{color:#a4161a;font-weight:700}
.debugger .error{color:#a4161a}
`;
