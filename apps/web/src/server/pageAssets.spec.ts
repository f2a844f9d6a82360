import { pageAssetLinks } from './pageAssets';

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

describe('pageAssetLinks', () => {
  it("links a rendered page's style sheets, its imports' too, and preloads its chunk; not the entry's", () => {
    const links = pageAssetLinks(['src/product-detail/ProductDetailPage.tsx'], manifest)
      .split('\n')
      .map((line) => line.trim());
    expect(links).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/ProductDetailPage-1.css">',
      '<link rel="stylesheet" crossorigin href="/assets/select-1.css">',
      '<link rel="stylesheet" crossorigin href="/assets/Modal-1.css">',
      '<link rel="modulepreload" crossorigin href="/assets/ProductDetailPage-1.js">',
    ]);
  });

  it("links a layout's and its page's assets, each style sheet once", () => {
    const links = pageAssetLinks(['src/board/BoardLayout.tsx', 'src/board/NoticeListPage.tsx'], manifest)
      .split('\n')
      .map((line) => line.trim());
    expect(links).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/BoardLayout-1.css">',
      '<link rel="stylesheet" crossorigin href="/assets/Modal-1.css">',
      '<link rel="modulepreload" crossorigin href="/assets/BoardLayout-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/NoticeListPage-1.js">',
    ]);
  });

  it('links nothing for a page the build does not name or that is in the entry (the home)', () => {
    expect(pageAssetLinks(['src/product-list/ProductListPage.tsx'], manifest)).toBe('');
    expect(pageAssetLinks(['index.html'], manifest)).toBe('');
    expect(pageAssetLinks([], manifest)).toBe('');
  });
});
