import { HTTP_METHODS } from '@mocksmith/core/http';
import { describe, expect, it } from 'vitest';
import { codeSample, SAMPLE_BEARER_TOKEN, SAMPLE_LANGUAGES, sampleUrl } from './code-samples.ts';

const base = 'https://your-mocksmith-host/backend/apitemplate';

describe('sampleUrl', () => {
  it('puts the method in lower case in the URL', () => {
    expect(sampleUrl('GET')).toBe(`${base}/get/YOUR_REQUEST_ID`);
    expect(sampleUrl('POST')).toBe(`${base}/post/YOUR_REQUEST_ID`);
    expect(sampleUrl('PUT')).toBe(`${base}/put/YOUR_REQUEST_ID`);
    expect(sampleUrl('DELETE')).toBe(`${base}/delete/YOUR_REQUEST_ID`);
  });
});

describe('sampleUrl on an origin', () => {
  it('puts the placeholder id on an origin, with or without its trailing slash', () => {
    expect(sampleUrl('GET', 'http://localhost:3000')).toBe(
      'http://localhost:3000/backend/apitemplate/get/YOUR_REQUEST_ID',
    );
    expect(sampleUrl('PUT', 'https://mocks.example.com/')).toBe(
      'https://mocks.example.com/backend/apitemplate/put/YOUR_REQUEST_ID',
    );
  });
});

describe('codeSample', () => {
  it('covers five languages and four methods, each calling its own URL', () => {
    expect(SAMPLE_LANGUAGES.map((l) => l.id)).toEqual(['fetch', 'axios', 'python', 'java', 'go']);
    for (const { id } of SAMPLE_LANGUAGES) {
      for (const method of HTTP_METHODS) {
        expect(codeSample(id, method)).toContain(sampleUrl(method));
      }
    }
  });

  it('fetch: GET uses defaults, POST sends a JSON body, DELETE sets the method only', () => {
    expect(codeSample('fetch', 'GET')).toContain(`await fetch('${sampleUrl('GET')}');`);
    const post = codeSample('fetch', 'POST');
    expect(post).toContain("method: 'POST'");
    expect(post).toContain("headers: { 'Content-Type': 'application/json' }");
    expect(post).toContain('body: JSON.stringify(');
    expect(codeSample('fetch', 'DELETE')).toContain(
      `await fetch('${sampleUrl('DELETE')}', { method: 'DELETE' });`,
    );
  });

  it('axios: calls the method helper, with a body only for POST and PUT', () => {
    expect(codeSample('axios', 'GET')).toContain(`axios.get('${sampleUrl('GET')}')`);
    expect(codeSample('axios', 'PUT')).toContain(`axios.put('${sampleUrl('PUT')}', {`);
    expect(codeSample('axios', 'DELETE')).toContain(`axios.delete('${sampleUrl('DELETE')}')`);
  });

  it('python: uses requests with a timeout and json= only for POST and PUT', () => {
    const get = codeSample('python', 'GET');
    expect(get).toContain('import requests');
    expect(get).toContain('requests.get(');
    expect(get).not.toContain('json=');
    expect(codeSample('python', 'POST')).toContain(
      'json={"name": "Jane Doe", "email": "jane@example.com"},',
    );
    expect(codeSample('python', 'DELETE')).toContain('requests.delete(');
  });

  it('java: builds the request with the matching HttpRequest.Builder method', () => {
    expect(codeSample('java', 'GET')).toContain('.GET()');
    expect(codeSample('java', 'DELETE')).toContain('.DELETE()');
    expect(codeSample('java', 'PUT')).toContain(
      '.PUT(HttpRequest.BodyPublishers.ofString("{\\"name\\":\\"Jane Doe\\",\\"email\\":\\"jane@example.com\\"}"))',
    );
    expect(codeSample('java', 'POST')).toContain('import java.net.http.HttpClient;');
  });

  it('go: imports strings only when a body is sent, since Go refuses unused imports', () => {
    const get = codeSample('go', 'GET');
    expect(get).toContain('http.NewRequest(http.MethodGet, ');
    expect(get).toContain(', nil)');
    expect(get).not.toContain('"strings"');
    const post = codeSample('go', 'POST');
    expect(post).toContain('http.NewRequest(http.MethodPost, ');
    expect(post).toContain('\t"strings"');
    expect(post).toContain(', body)');
    expect(codeSample('go', 'DELETE')).toContain('http.MethodDelete');
    expect(codeSample('go', 'PUT')).toContain('http.MethodPut');
  });

  it('fetch and python read no body from a 204 No Content answer', () => {
    expect(codeSample('fetch', 'GET')).toContain(
      'const data = response.status === 204 ? null : await response.json();',
    );
    expect(codeSample('python', 'GET')).toContain(
      'print(response.json() if response.content else None)',
    );
  });

  it('sends the bearer token in every language and method when given one', () => {
    const options = { bearerToken: SAMPLE_BEARER_TOKEN };
    for (const method of HTTP_METHODS) {
      const sample = (language: (typeof SAMPLE_LANGUAGES)[number]['id']) =>
        codeSample(language, method, undefined, options);
      expect(sample('fetch')).toContain(`Authorization: 'Bearer ${SAMPLE_BEARER_TOKEN}'`);
      expect(sample('axios')).toContain(
        `headers: { Authorization: 'Bearer ${SAMPLE_BEARER_TOKEN}' }`,
      );
      expect(sample('python')).toContain(
        `headers={"Authorization": "Bearer ${SAMPLE_BEARER_TOKEN}"},`,
      );
      expect(sample('java')).toContain(`.header("Authorization", "Bearer ${SAMPLE_BEARER_TOKEN}")`);
      expect(sample('go')).toContain(
        `req.Header.Set("Authorization", "Bearer ${SAMPLE_BEARER_TOKEN}")`,
      );
    }
    expect(codeSample('fetch', 'GET', undefined, options)).toContain(
      `await fetch('${sampleUrl('GET')}', {\n  headers: { Authorization: 'Bearer ${SAMPLE_BEARER_TOKEN}' },\n});`,
    );
    expect(codeSample('fetch', 'POST', undefined, options)).toContain(`  headers: {
    'Content-Type': 'application/json',
    Authorization: 'Bearer ${SAMPLE_BEARER_TOKEN}',
  },`);
  });

  it('sends no Authorization header without a token', () => {
    for (const { id } of SAMPLE_LANGUAGES) {
      for (const method of HTTP_METHODS) {
        expect(codeSample(id, method)).not.toContain('Authorization');
      }
    }
  });
});
