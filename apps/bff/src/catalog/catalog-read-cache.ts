import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import etag from 'etag';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type {
  CategoryDto,
  EventDefinition,
  CategoryWithAncestorsDto,
  PageResult,
  ProductDetailDto,
  ProductListQuery,
  ProductSummaryDto,
} from '@mkt/contracts';
import {
  CategoryChangedV1,
  eventEnvelopeSchema,
  ProductChangedV1,
  ReviewWrittenV1,
  toPageResult,
} from '@mkt/contracts';
import type { MessageTransport, Subscription, TransportMessage } from '@mkt/messaging';
import type { JsonLogger } from '@mkt/observability';
import { BFF } from '@mkt/topology';
import { CatalogClient } from '../services/catalog.client';

export interface CatalogCacheOptions {
  /** Where catalog's product.changed and category.changed arrive: Kafka, or the standalone bus. */
  changes: MessageTransport;
  /** Memory cap: the cached answers' JSON bytes, counted twice (each is kept as bytes and as an object). */
  maxBytes: number;
  logger?: JsonLogger;
  /**
   * How long the feed may be silent before the cache stops serving (FEED_SILENCE_LIMIT_MS). Tests of
   * what drops an entry set it long, so that a loaded machine's pause does not drop everything.
   */
  feedSilenceLimitMs?: number;
}

/** CATALOG_CACHE_MB: the cache's memory cap in MB, 0 for no cache. */
export const DEFAULT_CATALOG_CACHE_MB = 64;
export const catalogCacheMegabytes = z.coerce.number().min(0).max(65_536).default(DEFAULT_CATALOG_CACHE_MB);
export const megabytes = (mb: number): number => Math.round(mb * 1024 * 1024);

/** The cache's settings; no cache (every read goes to catalog) when absent. */
export const CATALOG_CACHE_OPTIONS = Symbol('CATALOG_CACHE_OPTIONS');

/** List pages past this one (and every keyword search) are read from catalog each time. */
export const CACHED_LIST_PAGES = 3;

/** How often the change feed looks for news when there is none. */
const FEED_POLL_MS = 200;
/**
 * Cached answers are served only while the feed was heard from this recently: a change reaches
 * catalog's outbox relay (woken by its commit), the feed and the cache within a second of its
 * commit, or the cache has stopped answering by then.
 */
const FEED_SILENCE_LIMIT_MS = 600;

/** A held answer: what the handlers return, and the bytes and ETag sent for it, made once when stored. */
export interface CachedAnswer {
  readonly value: object;
  readonly json: Buffer;
  readonly etag: string;
}

const LIST_KEY_PREFIX = 'list:';

/**
 * What a reader built from this cache's answers hears (the rendered pages, `web/rendered-pages.ts`):
 * a product changed (none: a registration; the list pages went either way), a product's reviews
 * changed, or everything was dropped.
 */
export type CatalogueChange =
  { kind: 'product'; pno?: number } | { kind: 'reviews'; pno: number } | { kind: 'everything' };

/**
 * The catalogue answers every shopper sees alike (product details, category levels, every category
 * of a depth with its ancestors, which random categories are drawn from, the first pages of each
 * sort and category of the product list, which the home rows are), kept in this process's
 * memory and dropped when catalog announces a change. Each BFF instance tails the changes for itself
 * from their end (no shared consumer group, nothing committed) and starts empty, so it never holds
 * what it did not hear about. It has no inbox: dropping an entry twice does no harm.
 *
 * An answer loaded while a change arrived is not kept (it may predate the change); and while the
 * feed is silent the cache is bypassed, then emptied when the feed speaks again, since it may have
 * missed changes meanwhile. Each answer is held with its JSON bytes and ETag, which the catalogue
 * BFF sends as they are (`sendCachedAnswersAsStored`).
 */
@Injectable()
export class CatalogReadCache implements OnModuleInit, OnModuleDestroy {
  private readonly entries?: LRUCache<string, CachedAnswer>;
  /** The list pages held: a product change drops them all. */
  private readonly listKeys = new Set<string>();
  /** Each value the reads returned from a held answer, to its bytes. */
  private readonly answers = new WeakMap<object, CachedAnswer>();
  /** Bumped by every change: a load that saw it change does not store its answer. */
  private generation = 0;
  private lastHeardAt = Number.NEGATIVE_INFINITY;
  private subscription?: Subscription;
  private readonly listeners: ((change: CatalogueChange) => void)[] = [];

  constructor(
    private readonly catalog: CatalogClient,
    @Inject(CATALOG_CACHE_OPTIONS) private readonly options: CatalogCacheOptions | null,
  ) {
    if (options && options.maxBytes > 0) {
      this.entries = new LRUCache<string, CachedAnswer>({
        maxSize: options.maxBytes,
        sizeCalculation: (answer) => Math.max(1, 2 * answer.json.length),
        dispose: (_answer, key) => this.listKeys.delete(key),
      });
    }
  }

  async onModuleInit(): Promise<void> {
    if (!this.entries || !this.options) return;
    this.subscription = await this.options.changes.subscribe({
      groupId: `bff-cache-${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`,
      topics: BFF.consumes.map((event) => event.topic),
      liveTail: { pollIntervalMs: FEED_POLL_MS, onPoll: () => this.heard() },
      onMessage: async (message) => this.apply(message),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }

  product(pno: number): Promise<ProductDetailDto> {
    return this.read(`product:${pno}`, () => this.catalog.product(pno));
  }

  /** A page of the product list as the BFF answers it. */
  products(query: ProductListQuery): Promise<PageResult<ProductSummaryDto>> {
    const load = async () => {
      const slice = await this.catalog.products(query);
      return toPageResult(slice.items, slice.totalCount, { page: query.page, size: query.size });
    };
    if (!this.keepsList(query)) return load();
    return this.read(`${LIST_KEY_PREFIX}${JSON.stringify(query)}`, load);
  }

  /** Whether this page of the product list is one the cache holds (a first page, no search). */
  keepsList(query: ProductListQuery): boolean {
    return query.keyword === '' && query.page <= CACHED_LIST_PAGES;
  }

  /** The memory cap of the answers held (0: no cache). */
  maxBytes(): number {
    return this.entries ? (this.options?.maxBytes ?? 0) : 0;
  }

  categoriesAtDepth(depth: number): Promise<CategoryDto[]> {
    return this.read(`categories:depth:${depth}`, () => this.catalog.categoriesAtDepth(depth));
  }

  categoriesWithAncestorsAtDepth(depth: number): Promise<CategoryWithAncestorsDto[]> {
    return this.read(`categories:with-ancestors:${depth}`, () =>
      this.catalog.categoriesWithAncestorsAtDepth(depth),
    );
  }

  subCategories(ctno: number): Promise<CategoryDto[]> {
    return this.read(`categories:sub:${ctno}`, () => this.catalog.subCategories(ctno));
  }

  /** Whether answers are held and served now (a cache that is on, its feed live). */
  isServing(): boolean {
    return this.entries !== undefined && this.feedIsLive();
  }

  /** Calls `listener` on every change this cache drops answers for, before the writer is answered. */
  onChange(listener: (change: CatalogueChange) => void): void {
    this.listeners.push(listener);
  }

  /** The bytes and ETag of a value this cache's reads returned from (or put into) memory, if it is one. */
  cachedAnswerOf(value: unknown): CachedAnswer | undefined {
    return typeof value === 'object' && value !== null ? this.answers.get(value) : undefined;
  }

  private async read<T extends object>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.entries || !this.feedIsLive()) return load();
    const cached = this.entries.get(key);
    if (cached) return cached.value as T;
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation && this.feedIsLive()) this.store(this.entries, key, value);
    return value;
  }

  private store(entries: LRUCache<string, CachedAnswer>, key: string, value: object): void {
    const json = Buffer.from(JSON.stringify(value));
    const answer = { value, json, etag: etag(json, { weak: true }) };
    entries.set(key, answer);
    // Not held when larger than the whole cache.
    if (!entries.has(key)) return;
    this.answers.set(value, answer);
    if (key.startsWith(LIST_KEY_PREFIX)) this.listKeys.add(key);
  }

  private feedIsLive(): boolean {
    return (
      performance.now() - this.lastHeardAt <= (this.options?.feedSilenceLimitMs ?? FEED_SILENCE_LIMIT_MS)
    );
  }

  private heard(): void {
    if (!this.feedIsLive()) this.dropEverything();
    this.lastHeardAt = performance.now();
  }

  /**
   * This instance just changed the product (`pno`; a registration, none yet): its detail and every
   * list page go before the writer is answered, so whoever wrote reads the change back at once.
   * Other instances hear it from the feed.
   */
  productChanged(pno?: number): void {
    this.generation++;
    if (pno !== undefined) this.entries?.delete(`product:${pno}`);
    for (const key of this.listKeys) this.entries?.delete(key);
    this.announce({ kind: 'product', pno });
  }

  /**
   * A review of product `pno` was written (by this instance, or heard from the feed): nothing this
   * cache holds shows reviews, but what was built with the product's rating does.
   */
  reviewsChanged(pno: number): void {
    this.announce({ kind: 'reviews', pno });
  }

  private announce(change: CatalogueChange): void {
    for (const listener of this.listeners) listener(change);
  }

  private apply(message: TransportMessage): void {
    const event = eventEnvelopeSchema.safeParse(safeJson(message.value));
    /** The message's payload if it is a readable `definition` event. */
    const payloadOf = <P>(definition: EventDefinition<P>): P | undefined => {
      if (!event.success || message.topic !== definition.topic) return undefined;
      const payload = definition.payloadSchema.safeParse(event.data.payload);
      return payload.success ? payload.data : undefined;
    };
    const product = payloadOf(ProductChangedV1);
    if (product) return this.productChanged(product.pno);
    const review = payloadOf(ReviewWrittenV1);
    if (review) return this.reviewsChanged(review.pno);
    // A category change reads differently everywhere (details name their categories); and a
    // message that cannot be read may have been any change.
    if (!event.success || message.topic !== CategoryChangedV1.topic)
      this.options?.logger?.warn('unreadable catalog change; catalogue cache emptied', {
        topic: message.topic,
      });
    this.dropEverything();
  }

  private dropEverything(): void {
    this.generation++;
    this.entries?.clear();
    this.announce({ kind: 'everything' });
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
