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
  misspeltDataTypes,
  searchDataTypes,
  suggestDataType,
  suggestDataTypes,
  TYPE_FILTERS,
  type TypeFilter,
} from './data-types/lookup.ts';
export type { DataKind, DataType, GenContext, Generate, KindValue } from './data-types/types.ts';
export {
  AppError,
  type AppErrorExtra,
  DEMO_TYPE_NAMES,
  DIRECTIVE_EXAMPLES,
  ErrorCode,
  errorStatus,
  importTexts,
  messages,
  REQUEST_REFERENCE_FORMS,
} from './errors.ts';
export {
  endpointMatcher,
  MOCK_PATH_PREFIX,
  type MockUrlParts,
  mockUrl,
  ROUTE_METHODS,
  type RouteMethod,
  STATUS_TEXTS,
  setsAppCookie,
  withoutAppCookies,
} from './http.ts';
export { isUuid, UUID_PATTERN } from './ids.ts';
export {
  type InferNote,
  type InferResult,
  type Inferred,
  inferTemplate,
  MAX_SAMPLE_DEPTH,
} from './infer/infer.ts';
export { shapeDifferences } from './infer/shape.ts';
export {
  isJsonObject,
  type JsonObject,
  type JsonValue,
  jsonByteLength,
  jsonStringByteLength,
  jsonTextTooDeep,
  jsonValueTooDeep,
} from './json.ts';
export * from './limits.ts';
export {
  applyListQuery,
  applyParsedListQuery,
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
export { compileSample, SAMPLE_STORIES, sampleStory } from './sample-stories.ts';
export {
  getSampleApi,
  SAMPLE_APIS,
  SAMPLE_CODES,
  type SampleApi,
  type SampleCode,
  sampleTemplateText,
} from './samples.ts';
export {
  type ApiOption,
  AUTH_TOKEN_PATTERN,
  apiMessages,
  apiOptionSchema,
  type CreateApiResult,
  type CreateDemoApiInput,
  type CreateUserApiInput,
  CUSTOM_ENDPOINT_MESSAGE,
  type CustomHeader,
  createApiResultSchema,
  createDemoApiInputSchema,
  createUserApiInputSchema,
  customEndpointSchema,
  customHeaderSchema,
  DEFAULT_API_OPTION,
  DELAY_MESSAGE,
  DEMO_API_NAME,
  type DeleteApiInput,
  deleteApiInputSchema,
  HISTORY_TYPES,
  type HistoryEntry,
  type HistoryList,
  type HistoryType,
  HTTP_METHODS,
  type HttpMethod,
  headerFitsStatus,
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
  misfitHeaderIssue,
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
  tagsSchema,
  type UpdateApiInput,
  type UserApi,
  updateApiInputSchema,
  userApiSchema,
} from './schemas/api.ts';
export * from './schemas/auth.ts';
export * from './schemas/common.ts';
export * from './schemas/infer.ts';
export * from './schemas/openapi-import.ts';
export {
  type CompiledTemplate,
  type CompileOptions,
  compileTemplate,
  type Finish,
  type GenerateOptions,
  prepareTemplate,
  ResponseTooLargeError,
  SEEDED_REFERENCE_TIME,
} from './template/compile.ts';
export {
  DIRECTIVE_KEYS,
  LITERAL_KEY,
  NUMBER_KEY,
  NUMBER_OPTIONS,
  ONE_OF_KEY,
  STRING_KEY,
  STRING_OPTIONS,
} from './template/directives.ts';
export { formatIssue, type TemplateIssue, type TemplateResult } from './template/issues.ts';
export { MULTIPLY_KEY, type MultiplyRange, parseMultiply } from './template/multiply.ts';
export { parseTemplate, utf8Length } from './template/parse.ts';
export { jsonPath } from './template/path.ts';
export {
  MAX_REQUEST_METHOD_BYTES,
  MAX_REQUEST_VALUE_BYTES,
  REQUEST_PARTS,
  type RequestPart,
  type RequestReference,
  readStringTemplate,
  type StringTemplate,
  type StringTemplateRead,
} from './template/references.ts';
export {
  analyseTemplate,
  MAX_REPORTED_ISSUES,
  type TemplateAnalysis,
  type TemplateMode,
  type ValidateOptions,
  validateTemplate,
} from './template/validate.ts';
