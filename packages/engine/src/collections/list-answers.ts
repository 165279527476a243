/**
 * The list answers of collections: core's answerList over a view's records (or a nested list's
 * part of them), kept by the records they were made from and the query, so that a page asked
 * again (a list view polling, many clients on one page) is sent as it was made rather than
 * filtered, sorted and serialised again. A change of the state makes other records (a new
 * view), so an answer kept is never stale; records are named by a number given weakly, never
 * held. A heavy list (reading many records) is made in the worker, within the host's caps.
 */
import type { JsonObject } from '@mocksmith/core';
import {
  answerList as answerListOf,
  type CollectionCall,
  type ListRelation,
  recordsReadBy,
} from '@mocksmith/core/collections';
import type { CollectionAnswer } from './answer.ts';
import type { Refuse } from './refusal.ts';
import type { CollectionWorker } from './worker.ts';

/**
 * Where heavy list answers take their place (the large answers' caps): at most a few of a
 * project and of an account at once, and bytes per minute.
 */
export interface HeavyAnswerGate {
  /** Takes a place for a heavy answer of the project, or throws the 429; returns its release. */
  admit(projectId: string, ownerId: string): () => void;
  /** Counts the bytes of a heavy answer made. */
  charge(projectId: string, ownerId: string, bytes: number): void;
}

/** The list answers kept per node (characters of their keys and bodies), and the largest one. */
const PAGE_ANSWERS_SIZE = 8 * 1024 * 1024;
const PAGE_ANSWER_MAX_SIZE = 64 * 1024;
/** The records of nested lists (`/users/{id}/orders`) kept per view, across its parents. */
const NESTED_RECORDS = 100_000;

/**
 * A list call reading more records than this is heavy (HeavyAnswerGate): a page of at most
 * 1,000 records of any collection is not; filtering, sorting or joining a large one is.
 */
export const HEAVY_LIST_RECORDS = 1_000;

export interface ListAnswersOptions {
  /** The largest answer in bytes. */
  maxResponseBytes: number;
  refuse: Refuse;
  /** Where heavy lists are made; none: on the calling thread. */
  worker?: Pick<CollectionWorker, 'list'>;
  /** The caps of heavy list answers; none without it. */
  heavy?: HeavyAnswerGate;
  /** A list call reading more records than this (with those it joins) is heavy. */
  heavyListRecords?: number;
}

export function createListAnswers({
  maxResponseBytes,
  refuse,
  worker,
  heavy,
  heavyListRecords = HEAVY_LIST_RECORDS,
}: ListAnswersOptions) {
  // First in, first out, within PAGE_ANSWERS_SIZE; no answer with `_expand` or `_embed` (they
  // read other collections).
  const pageAnswers = new Map<string, { answer: CollectionAnswer; size: number }>();
  let pageAnswersSize = 0;
  const recordsStamps = new WeakMap<readonly JsonObject[], number>();
  let lastStamp = 0;
  const keepPageAnswer = (key: string, answer: CollectionAnswer) => {
    const size = key.length + (answer.payload?.length ?? 0);
    if (size > PAGE_ANSWER_MAX_SIZE) return;
    pageAnswers.set(key, { answer, size });
    pageAnswersSize += size;
    for (const [oldest, kept] of pageAnswers) {
      if (pageAnswersSize <= PAGE_ANSWERS_SIZE) break;
      pageAnswers.delete(oldest);
      pageAnswersSize -= kept.size;
    }
  };

  /** A number per array of records (one per version of a view), for keys and the worker. */
  const stampOf = (records: readonly JsonObject[]): number => {
    let stamp = recordsStamps.get(records);
    if (stamp === undefined) {
      stamp = ++lastStamp;
      recordsStamps.set(records, stamp);
    }
    return stamp;
  };

  // A nested list's records, per view and parent: the same array while the view is the same, so
  // that its answers are kept and the worker keeps it (by its stamp) as it keeps a view's.
  // Each view keeps at most NESTED_RECORDS of them (references, never copies of records).
  const children = new WeakMap<
    readonly JsonObject[],
    { kept: number; byParent: Map<string, JsonObject[]> }
  >();

  return {
    /**
     * A list answer of `records` (a view's, or a nested list's part of one), kept under those
     * records, the call's URL and its query. `relatedOf` gives the records the call joins.
     */
    async answerList(
      call: CollectionCall,
      records: readonly JsonObject[],
      relatedOf: (call: CollectionCall) => Promise<ListRelation[]>,
    ): Promise<CollectionAnswer> {
      const stamp = stampOf(records);
      const key = `${stamp}|${call.listUrl}|${JSON.stringify(call.query)}`;
      const kept = pageAnswers.get(key);
      if (kept !== undefined) return kept.answer;
      const relations = await relatedOf(call);
      let answer: CollectionAnswer;
      if (
        worker === undefined ||
        recordsReadBy(records.length, call.query, relations) <= heavyListRecords
      ) {
        const result = answerListOf(records, call.query, {
          pageUrl: call.listUrl,
          relations,
          maxBytes: maxResponseBytes,
        });
        if (!result.ok) throw refuse(result.error.code, result.error.message);
        const { headers, payload } = result.value;
        answer = { status: 200, headers: Object.entries(headers), payload };
      } else {
        // Heavy: a place among the project's and the account's large answers (429 past them),
        // then made in the worker, where the records it reads stay for the next such call.
        const { project } = call;
        const release = heavy?.admit(project.id, project.ownerId);
        try {
          const made = await worker.list({
            view: { stamp, records },
            query: call.query,
            pageUrl: call.listUrl,
            relations: relations.map(({ records, ...relation }) => ({
              ...relation,
              view: { stamp: stampOf(records), records },
            })),
            maxBytes: maxResponseBytes,
          });
          heavy?.charge(project.id, project.ownerId, made.body.length);
          answer = { status: 200, headers: Object.entries(made.headers), payload: made.body };
        } finally {
          release?.();
        }
      }
      if (relations.length === 0) keepPageAnswer(key, answer);
      return answer;
    },

    /**
     * The records of `records` whose `field` holds `text` (compared as text, as a `field=value`
     * filter is): a nested list's, the same array while the view is the same.
     */
    childrenOf(records: readonly JsonObject[], field: string, text: string): readonly JsonObject[] {
      let memo = children.get(records);
      if (memo === undefined) {
        memo = { kept: 0, byParent: new Map() };
        children.set(records, memo);
      }
      const key = `${field}\u0000${text}`;
      const known = memo.byParent.get(key);
      if (known !== undefined) return known;
      const found = records.filter((other) => {
        const own = other[field];
        return own !== undefined && own !== null && typeof own !== 'object' && String(own) === text;
      });
      if (memo.kept + found.length > NESTED_RECORDS) {
        memo.byParent.clear();
        memo.kept = 0;
      }
      memo.byParent.set(key, found);
      memo.kept += found.length;
      return found;
    },

    /** Forgets every kept answer. */
    clear() {
      pageAnswers.clear();
      pageAnswersSize = 0;
    },
  };
}

export type ListAnswers = ReturnType<typeof createListAnswers>;
