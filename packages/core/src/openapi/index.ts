/**
 * @mocksmith/core/openapi: an OpenAPI document (already parsed and dereferenced by the caller)
 * in, mock APIs with templates and an import report out. Pure: loading files and URLs, parsing
 * YAML and resolving `$ref` are the caller's (the server uses swagger-parser). And the way back:
 * the user's APIs as an OpenAPI 3.1 document (export.ts, also the light subpath `./openapi/export`
 * the web loads, without ajv).
 */

export { checkResponse, type ResponseContract, responseContractOf } from './check-response.ts';
export { toDemoOperation } from './demo.ts';
export {
  BEARER_SCHEME,
  buildOpenApiDocument,
  type JsonSchema,
  OPENAPI_VERSION,
  type OpenApiDocument,
  type OpenApiExportApi,
  type OpenApiExportOptions,
  templateToSchema,
} from './export.ts';
export { OPENAPI_FILE_SUFFIX, openApiFileName } from './file-name.ts';
export { planImport } from './plan.ts';
export {
  type ContractCredential,
  type ContractParameter,
  type ParameterPlace,
  type RequestContract,
  requestContractOf,
} from './request-contract.ts';
export { MAX_SCHEMA_NODES, RECURSION_DEPTH, SchemaNodesLimitError } from './schema.ts';
export type {
  ImportPlan,
  ImportReport,
  PlannedMethod,
  PlannedOperation,
  SkippedOperation,
} from './types.ts';
export {
  type CheckedRequest,
  compileRequestCheck,
  MAX_VIOLATIONS,
  type RequestCheck,
  type Violation,
} from './validate-request.ts';
export {
  createSchemaValidator,
  type Dialect,
  dialectOf,
  type SchemaCheck,
  type SchemaValidator,
  toValidationSchema,
} from './validator.ts';
