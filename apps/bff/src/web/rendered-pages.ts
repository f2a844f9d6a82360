import { LRUCache } from 'lru-cache';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { CatalogReadCache, CatalogueChange } from '../catalog/catalog-read-cache';

/** The encodings a page is sent in, best first; identity when the browser takes neither. */
const ENCODINGS = ['br', 'gzip'] as const;
export type PageEncoding = (typeof ENCODINGS)[number];

const compressors: Record<PageEncoding, (html: Buffer) => Promise<Buffer>> = {
  // Quality 5: a few milliseconds for a product page; 11 takes a hundred times longer for 10% less.
  br: (html) =>
    promisify(brotliCompress)(html, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: html.length },
    }),
  gzip: (html) => promisify(gzip)(html, { level: 6 }),
};

/** The best encoding an Accept-Encoding header takes (a `q=0` refuses one); none for identity. */
export function preferredEncoding(acceptEncoding: string | undefined): PageEncoding | undefined {
  const taken = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    taken.set(name, q === undefined ? 1 : Number(q));
  }
  const accepts = (encoding: string) => (taken.get(encoding) ?? taken.get('*') ?? 0) > 0;
  return ENCODINGS.find(accepts);
}

/** A page as answered: its status and HTML, and the compressed copies of it made so far. */
export class PageBytes {
  private readonly encoded = new Map<PageEncoding, Promise<Buffer>>();

  constructor(
    readonly status: number,
    readonly html: Buffer,
  ) {}

  /** The HTML in `encoding`, compressed once. */
  in(encoding: PageEncoding): Promise<Buffer> {
    let copy = this.encoded.get(encoding);
    if (!copy) {
      copy = compressors[encoding](this.html);
      this.encoded.set(encoding, copy);
    }
    return copy;
  }

  /** Bytes held: the HTML and, at most, a copy as large again for the compressed ones. */
  get size(): number {
    return 2 * this.html.length;
  }
}

/** What a rendered page was built from, recorded while it renders: what drops it again. */
export class PageReads {
  /** Products whose detail or rating the page shows. */
  readonly products = new Set<number>();
  /** Whether it shows a page of the product list (any product's change may change it). */
  showsList = false;
  /** Whether it read something the catalogue cache does not hold (a search, notices, a random draw). */
  uncacheable = false;
}

interface KeptPage {
  page: PageBytes;
  reads: PageReads;
}

/**
 * Server-rendered pages kept by URL for as long as the catalogue cache's answers they were built
 * from: dropped with them (a product's change drops its page and every page showing a list, a review
 * its product's page, a category change or a gap in the feed all of them), and not served while the
 * catalogue cache is not. A change the BFF itself made drops them before its writer is answered,
 * so whoever made it sees it on the page at once.
 */
export class RenderedPages {
  private readonly pages: LRUCache<string, KeptPage>;
  /** URLs of the kept pages by the product they show, and those showing a list. */
  private readonly byProduct = new Map<number, Set<string>>();
  private readonly withLists = new Set<string>();
  /** Bumped by every change: a render that saw one is not kept (it may show what was before). */
  private generation = 0;

  constructor(
    private readonly catalogue: CatalogReadCache,
    maxBytes: number,
  ) {
    this.pages = new LRUCache<string, KeptPage>({
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: ({ page }) => Math.max(1, page.size),
      dispose: (kept, url) => this.unindex(url, kept.reads),
    });
    catalogue.onChange((change) => this.drop(change));
  }

  /** The page kept for `url`, if any and while the catalogue cache serves. */
  get(url: string): PageBytes | undefined {
    return this.catalogue.isServing() ? this.pages.get(url)?.page : undefined;
  }

  /** Stamp to take before rendering and give to keep(). */
  version(): number {
    return this.generation;
  }

  /** Keeps a page rendered since `version` unless something changed meanwhile or it cannot be kept. */
  keep(url: string, page: PageBytes, reads: PageReads, version: number): void {
    if (reads.uncacheable || version !== this.generation || !this.catalogue.isServing()) return;
    this.pages.set(url, { page, reads });
    if (!this.pages.has(url)) return;
    for (const pno of reads.products) {
      const urls = this.byProduct.get(pno) ?? new Set();
      this.byProduct.set(pno, urls.add(url));
    }
    if (reads.showsList) this.withLists.add(url);
  }

  private drop(change: CatalogueChange): void {
    this.generation++;
    if (change.kind === 'everything') {
      this.pages.clear();
      return;
    }
    const urls = [...(change.pno === undefined ? [] : (this.byProduct.get(change.pno) ?? []))];
    if (change.kind === 'product') urls.push(...this.withLists);
    for (const url of urls) this.pages.delete(url);
  }

  private unindex(url: string, reads: PageReads): void {
    for (const pno of reads.products) {
      const urls = this.byProduct.get(pno);
      urls?.delete(url);
      if (urls?.size === 0) this.byProduct.delete(pno);
    }
    this.withLists.delete(url);
  }
}
