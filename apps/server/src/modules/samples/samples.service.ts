import { prepareTemplate, SAMPLE_APIS, sampleTemplateText } from '@mocksmith/core';
import type { NewApiRow } from '../../db/schema/apis.ts';

/** Where the samples are stored: creating or refreshing an API under a fixed request id. */
export interface SampleStore {
  upsertByRequestId(row: NewApiRow & { requestId: string }): Promise<void>;
}

/**
 * Creates the official sample APIs, or brings them up to date with this version's templates,
 * keeping their call counts. Throws if a sample template is invalid (a bug of ours).
 */
export async function ensureSampleApis(
  store: SampleStore,
  invalidate: (requestId: string) => Promise<void>,
): Promise<void> {
  for (const sample of SAMPLE_APIS) {
    const template = sampleTemplateText(sample);
    const checked = prepareTemplate(template, { mode: 'full' });
    if (!checked.ok)
      throw new Error(`Sample ${sample.code} is invalid: ${checked.errors[0]?.message}`);
    await store.upsertByRequestId({
      requestId: sample.code,
      ownerId: null,
      name: sample.name,
      description: sample.description,
      template,
      method: sample.method,
      isPublic: true,
      isOfficial: true,
      category: sample.category,
      tags: sample.tags,
    });
    await invalidate(sample.code);
  }
}
