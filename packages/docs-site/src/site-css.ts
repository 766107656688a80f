// The site's one stylesheet (system fonts only: nothing is fetched from outside).
export const SITE_CSS = `:root{--fg:#1d2430;--muted:#5a6473;--accent:#0b5cad;--bg:#fff;--soft:#f4f6f9;--line:#dde2ea}
*{box-sizing:border-box}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg)}
code,pre,textarea,.mono{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:.9em}
a{color:var(--accent)}
.site-nav{display:flex;flex-wrap:wrap;gap:.3rem 1.2rem;align-items:center;padding:.6rem 1.2rem;background:#0f2742;color:#fff;position:relative;z-index:100}
body.reference .site-nav{position:sticky;top:0}
.site-nav>a,.site-nav summary{color:#fff;text-decoration:none;cursor:pointer;white-space:nowrap}
.site-nav>a:first-child{font-weight:700}
.site-nav [aria-current=page]{text-decoration:underline}
.site-nav details{position:relative}
.site-nav details ul{position:absolute;top:1.9rem;left:0;margin:0;padding:.5rem 1rem;list-style:none;background:#fff;border:1px solid var(--line);border-radius:6px;min-width:18rem;box-shadow:0 4px 14px rgba(0,0,0,.12)}
.site-nav details li{padding:.15rem 0}
.site-nav details a{color:var(--accent)}
.content{max-width:52rem;margin:2rem auto 4rem;padding:0 1.2rem}
.content pre{background:var(--soft);border:1px solid var(--line);border-radius:6px;padding:.8rem;overflow:auto}
.content p,.content li,.content td,.content th,.content code{overflow-wrap:anywhere}
.content pre code{overflow-wrap:normal}
.table-scroll{overflow-x:auto;max-width:100%}
.code-block{position:relative}
.code-block pre{padding-right:4.5rem}
.code-block .copy{position:absolute;top:.45rem;right:.45rem;font:600 .75rem/1.2 system-ui,sans-serif;padding:.25rem .6rem;color:var(--fg);background:#fff;border:1px solid var(--line);border-radius:4px;cursor:pointer}
.code-block .copy:hover,.code-block .copy:focus-visible{border-color:var(--accent);color:var(--accent)}
.tok-com{color:#5f6b7a;font-style:italic}.tok-str{color:#116329}.tok-num,.tok-lit{color:#9a4a00}
.tok-kw{color:#8a1f9e}.tok-key,.tok-fn{color:#0b5cad}.tok-var{color:#a4161a}.tok-opt{color:#6e40c9}
.tok-cmd{color:#0b5cad;font-weight:600}.tok-punct{color:#5f6b7a}
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
@media (max-width:40rem){
.site-nav{gap:.3rem .9rem;padding:.5rem .8rem;font-size:.94rem}
.site-nav details{position:static}
.site-nav details ul{left:.5rem;right:.5rem;top:auto;min-width:0;margin-top:.4rem}
.content{margin-top:1.2rem;padding:0 .9rem}
.content h1{font-size:1.7rem;line-height:1.25}
}
@media (max-width:26rem){.site-nav .wide-only{display:none}}
`;
