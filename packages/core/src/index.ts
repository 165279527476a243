/**
 * @mocksmith/core: the template language, the data-type catalogue and the list query of
 * Mocksmith. Pure TypeScript that runs unchanged in the browser and in Node.
 */
export { catalogue } from './data-types/catalogue.ts';
export { createContext } from './data-types/context.ts';
export {
  basicDataTypes,
  type DataTypeInfo,
  DOTTED_TYPE_PATTERN,
  dataTypeCategories,
  dataTypeMaxBytes,
  dataTypeWeight,
  describeCatalogue,
  getDataType,
  searchDataTypes,
  suggestDataType,
  TYPE_FILTERS,
  type TypeFilter,
} from './data-types/lookup.ts';
export type { DataKind, DataType, GenContext, Generate, KindValue } from './data-types/types.ts';
export { DEMO_TYPE_NAMES, ErrorCode, messages } from './errors.ts';
export {
  isJsonObject,
  type JsonObject,
  type JsonValue,
  jsonByteLength,
  jsonStringByteLength,
} from './json.ts';
export * from './limits.ts';
export {
  applyListQuery,
  DEFAULT_PAGE_LIMIT,
  type LinkBase,
  type ListQuery,
  type ListResponse,
  paginateBody,
  parseListQuery,
  type QueryError,
  type QueryResult,
  type RawQuery,
  type SortDirection,
  type SortKey,
  sortBody,
} from './query/list-query.ts';
export { createRandom, Random, type Seed } from './random.ts';
export {
  getSampleApi,
  SAMPLE_APIS,
  SAMPLE_CODES,
  type SampleApi,
  type SampleCode,
  sampleTemplateText,
} from './samples.ts';
export * from './schemas/auth.ts';
export {
  AUTH_TOKEN_PATTERN,
  type CreateTemplateInput,
  type CreateTemplateResult,
  type CreateUserTemplateInput,
  CUSTOM_ENDPOINT_MESSAGE,
  type CustomHeader,
  createTemplateInputSchema,
  createTemplateResultSchema,
  createUserTemplateInputSchema,
  customEndpointSchema,
  customHeaderSchema,
  DEFAULT_TEMPLATE_OPTION,
  DELAY_MESSAGE,
  type DeleteTemplateInput,
  deleteTemplateInputSchema,
  type ErrorBody,
  errorBodySchema,
  HISTORY_TYPES,
  type HistoryEntry,
  type HistoryList,
  type HistoryType,
  HTTP_METHODS,
  type HttpMethod,
  historyEntrySchema,
  historyListSchema,
  isReservedHeaderName,
  MAX_CUSTOM_ENDPOINT_LENGTH,
  MAX_CUSTOM_HEADERS,
  MAX_DESCRIPTION_LENGTH,
  MAX_HEADER_VALUE_LENGTH,
  MAX_NAME_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  MIN_PUBLIC_DESCRIPTION_LENGTH,
  normalizeCustomEndpoint,
  type PreviewInput,
  previewInputSchema,
  RESERVED_HEADER_NAMES,
  type Sharing,
  STATUS_CODES,
  type StatusCode,
  sharingIssues,
  TEMPLATE_CATEGORIES,
  type TemplateCategory,
  TemplateErrorCode,
  type TemplateOption,
  tagsSchema,
  templateMessages,
  templateOptionSchema,
  type UpdateTemplateInput,
  type UserTemplate,
  updateTemplateInputSchema,
  userTemplateSchema,
} from './schemas/template.ts';
export {
  type CompiledTemplate,
  type CompileOptions,
  compileTemplate,
  type GenerateOptions,
  prepareTemplate,
  ResponseTooLargeError,
  SEEDED_REFERENCE_TIME,
} from './template/compile.ts';
export { formatIssue, type TemplateIssue, type TemplateResult } from './template/issues.ts';
export { MULTIPLY_KEY, type MultiplyRange, parseMultiply } from './template/multiply.ts';
export { parseTemplate, utf8Length } from './template/parse.ts';
export {
  analyseTemplate,
  MAX_REPORTED_ISSUES,
  type TemplateAnalysis,
  type TemplateMode,
  type ValidateOptions,
  validateTemplate,
} from './template/validate.ts';
