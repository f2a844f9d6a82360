// A server-rendered page's scripts (apps/web/src/server/pageAssets.ts), fetched once the page has
// been painted: it reads without them, so they neither hold its first paint nor share the line with
// its images. The page hydrates when they have run (main.tsx).
(function () {
  var tag = document.currentScript;
  var entries = tag.getAttribute('data-entry').split(' ');
  var preloads = (tag.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  function append(element) {
    element.crossOrigin = '';
    document.head.appendChild(element);
  }
  // The frame after this one has been painted: what the parser built so far is on the screen.
  requestAnimationFrame(function () {
    setTimeout(function () {
      preloads.forEach(function (href) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = href;
        append(link);
      });
      entries.forEach(function (src) {
        var script = document.createElement('script');
        script.type = 'module';
        script.src = src;
        append(script);
      });
    }, 0);
  });
})();
