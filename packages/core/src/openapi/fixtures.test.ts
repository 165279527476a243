import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import petstore from './fixtures/petstore-3.0.json';
import store from './fixtures/store-2.0.json';
import zoo from './fixtures/zoo-3.1.json';

// The server validates an upload with swagger-parser before planning it: the fixtures the tests
// plan must pass that check too, or they test a path no upload takes.
describe('the OpenAPI fixtures', () => {
  it.each([
    ['petstore-3.0.json', petstore],
    ['store-2.0.json', store],
    ['zoo-3.1.json', zoo],
  ])('%s is a valid document', async (_name, document) => {
    const copy = JSON.parse(JSON.stringify(document)) as never;
    await expect(SwaggerParser.validate(copy)).resolves.toBeTruthy();
  });
});
