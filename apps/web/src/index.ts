/**
 * The React app lands here with the server issue (landing page) and the issues after it.
 * Until then this workspace only proves that it compiles against @mocksmith/core.
 */
export type { DataTypeInfo } from '@mocksmith/core';
