import { renderedPageDocument } from './pageAssets';

const manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    css: ['assets/index-1.css'],
    imports: ['_vendor.js'],
    isEntry: true,
  },
  '_vendor.js': { file: 'assets/vendor-1.js' },
  '_Modal.js': {
    file: 'assets/Modal-1.js',
    css: ['assets/Modal-1.css'],
    imports: ['index.html', '_vendor.js'],
  },
  'src/board/BoardLayout.tsx': {
    file: 'assets/BoardLayout-1.js',
    css: ['assets/BoardLayout-1.css'],
    imports: ['index.html', '_vendor.js'],
  },
  'src/board/NoticeListPage.tsx': {
    file: 'assets/NoticeListPage-1.js',
    imports: ['index.html', '_Modal.js', '_vendor.js'],
  },
  'src/product-detail/ProductDetailPage.tsx': {
    file: 'assets/ProductDetailPage-1.js',
    css: ['assets/ProductDetailPage-1.css', 'assets/select-1.css'],
    imports: ['index.html', '_Modal.js', '_vendor.js'],
  },
};

/** Each style sheet's text is its name, so the tests see which went inline and in what order. */
const styleSheet = (file: string) => `/* ${file} */`;

const TEMPLATE = [
  '<head>',
  '    <title>딜마켓</title>',
  '    <script type="module" crossorigin src="/assets/index-1.js"></script>',
  '    <link rel="modulepreload" crossorigin href="/assets/vendor-1.js">',
  '    <link rel="stylesheet" crossorigin href="/assets/index-1.css">',
  '  </head>',
  '<body><div id="root"></div></body>',
].join('\n');

/** The document's head, one element a line (a style sheet's text may have lines of its own). */
const head = (modules: string[]) =>
  renderedPageDocument(TEMPLATE, modules, manifest, styleSheet)
    .split('</head>')[0]
    .split(/\n\s*(?=<)/)
    .map((line) => line.trim());

const scriptsAfterPaint = (preload: string) =>
  `<script src="/scripts-after-paint.js" data-entry="/assets/index-1.js" data-preload="${preload}" defer></script>`;

describe('renderedPageDocument', () => {
  it("inlines every style sheet of a rendered page, the entry's first; its scripts come after the paint, its chunks preloaded", () => {
    expect(head(['src/product-detail/ProductDetailPage.tsx'])).toEqual([
      '<head>',
      '<title>딜마켓</title>',
      '<style>/* assets/index-1.css */\n/* assets/ProductDetailPage-1.css */\n/* assets/select-1.css */\n/* assets/Modal-1.css */</style>',
      '<link rel="stylesheet" href="/assets/ProductDetailPage-1.css" disabled>',
      '<link rel="stylesheet" href="/assets/select-1.css" disabled>',
      '<link rel="stylesheet" href="/assets/Modal-1.css" disabled>',
      scriptsAfterPaint('/assets/vendor-1.js /assets/ProductDetailPage-1.js /assets/Modal-1.js'),
    ]);
  });

  it("takes a layout's and its page's assets, each once", () => {
    expect(head(['src/board/BoardLayout.tsx', 'src/board/NoticeListPage.tsx'])).toEqual([
      '<head>',
      '<title>딜마켓</title>',
      '<style>/* assets/index-1.css */\n/* assets/BoardLayout-1.css */\n/* assets/Modal-1.css */</style>',
      '<link rel="stylesheet" href="/assets/BoardLayout-1.css" disabled>',
      '<link rel="stylesheet" href="/assets/Modal-1.css" disabled>',
      scriptsAfterPaint(
        '/assets/vendor-1.js /assets/BoardLayout-1.js /assets/NoticeListPage-1.js /assets/Modal-1.js',
      ),
    ]);
  });

  it("takes the entry's assets alone for a page in the entry (the home) or one the build does not name", () => {
    const entryOnly = [
      '<head>',
      '<title>딜마켓</title>',
      '<style>/* assets/index-1.css */</style>',
      scriptsAfterPaint('/assets/vendor-1.js'),
    ];
    expect(head(['src/product-list/ProductListPage.tsx'])).toEqual(entryOnly);
    expect(head(['index.html'])).toEqual(entryOnly);
    expect(head([])).toEqual(entryOnly);
  });
});
