// A server-rendered page's scripts (apps/web/src/server/pageAssets.ts), fetched once the page has
// been painted and its images have loaded: it reads without them, so they neither hold its first
// paint nor share the line with its pictures. The page hydrates when they have run (main.tsx).
(function () {
  var tag = document.currentScript;
  var entries = tag.getAttribute('data-entry').split(' ');
  var preloads = (tag.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var painted = false;
  var started = false;
  function append(element) {
    element.crossOrigin = '';
    document.head.appendChild(element);
  }
  function load() {
    if (started || !painted || document.readyState !== 'complete') return;
    started = true;
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
  }
  window.addEventListener('load', load);
  // The browser's own record of the first contentful paint (no timer: a paused clock, as a test's,
  // would hold it); none needed where the browser keeps no such record.
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('paint') < 0) {
    painted = true;
    return;
  }
  new PerformanceObserver(function (list, observer) {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    painted = true;
    load();
  }).observe({ type: 'paint', buffered: true });
})();
