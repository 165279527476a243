/**
 * Code calling a mock API's URL with each method, in JavaScript (fetch and axios), Python, Java
 * and Go: the landing page's API usage section and the documentation show these.
 */
import { type HttpMethod, mockUrl } from '@mocksmith/core/http';

/** The placeholder host of the samples where the site's own origin is not the point. */
export const SAMPLE_ORIGIN = 'https://your-mocksmith-host';

/** The placeholder request id the samples call. */
export const SAMPLE_REQUEST_ID = 'YOUR_REQUEST_ID';

/** The placeholder URL of a mock API called with `method`, on `origin`. */
export function sampleUrl(method: HttpMethod, origin: string = SAMPLE_ORIGIN): string {
  return mockUrl(origin, { method, requestId: SAMPLE_REQUEST_ID });
}

/** The languages of the API usage samples, with the tab label of each. */
export const SAMPLE_LANGUAGES = [
  { id: 'fetch', label: 'JavaScript (fetch)' },
  { id: 'axios', label: 'JavaScript (axios)' },
  { id: 'python', label: 'Python (requests)' },
  { id: 'java', label: 'Java (HttpClient)' },
  { id: 'go', label: 'Go (net/http)' },
] as const;
export type SampleLanguage = (typeof SAMPLE_LANGUAGES)[number]['id'];

/** Only POST and PUT send a body in the samples; mock endpoints ignore it, real APIs would not. */
export function sendsBody(method: HttpMethod): boolean {
  return method === 'POST' || method === 'PUT';
}

const BODY = { name: 'Jane Doe', email: 'jane@example.com' };
const BODY_JSON = JSON.stringify(BODY);

/** What a sample may add to its request. */
export interface SampleOptions {
  /** Sends `Authorization: Bearer {token}`, as a protected mock API requires. */
  bearerToken?: string;
}

/** The placeholder token of the samples calling a protected API. */
export const SAMPLE_BEARER_TOKEN = 'mck_YOUR_TOKEN';

function fetchSample(method: HttpMethod, url: string, { bearerToken }: SampleOptions): string {
  const headers = [
    ...(sendsBody(method) ? ["'Content-Type': 'application/json'"] : []),
    ...(bearerToken ? [`Authorization: 'Bearer ${bearerToken}'`] : []),
  ];
  const lines = [
    ...(method === 'GET' ? [] : [`method: '${method}',`]),
    ...(headers.length === 1 ? [`headers: { ${headers[0]} },`] : []),
    ...(headers.length > 1 ? ['headers: {', ...headers.map((h) => `  ${h},`), '},'] : []),
    ...(sendsBody(method)
      ? ["body: JSON.stringify({ name: 'Jane Doe', email: 'jane@example.com' }),"]
      : []),
  ];
  // The method alone fits on the line of the call; headers and bodies get a line each.
  const options =
    lines.length === 0
      ? ''
      : lines.length === 1 && lines[0]?.startsWith('method:')
        ? `, { ${lines[0].slice(0, -1)} }`
        : `, {\n${lines.map((line) => `  ${line}`).join('\n')}\n}`;
  return `// Runs in the browser console, Deno or Node 18+ (as an ES module, for top-level await).
const response = await fetch('${url}'${options});
if (!response.ok) {
  throw new Error(\`Request failed: \${response.status} \${response.statusText}\`);
}
// A 204 No Content answer has no body to parse.
const data = response.status === 204 ? null : await response.json();
console.log(data);
`;
}

function axiosSample(method: HttpMethod, url: string, { bearerToken }: SampleOptions): string {
  const config = bearerToken ? `{ headers: { Authorization: 'Bearer ${bearerToken}' } }` : '';
  const name = method.toLowerCase();
  const call = !sendsBody(method)
    ? config
      ? `axios.${name}('${url}', {\n  headers: { Authorization: 'Bearer ${bearerToken}' },\n})`
      : `axios.${name}('${url}')`
    : config
      ? `axios.${name}(
  '${url}',
  { name: 'Jane Doe', email: 'jane@example.com' },
  ${config},
)`
      : `axios.${name}('${url}', {
  name: 'Jane Doe',
  email: 'jane@example.com',
})`;
  return `// npm install axios
import axios from 'axios';

const { status, data } = await ${call};
console.log(status, data);
`;
}

function pythonSample(method: HttpMethod, url: string, { bearerToken }: SampleOptions): string {
  const body = sendsBody(method)
    ? `\n    json={"name": "Jane Doe", "email": "jane@example.com"},`
    : '';
  const headers = bearerToken ? `\n    headers={"Authorization": "Bearer ${bearerToken}"},` : '';
  return `# pip install requests
import requests

response = requests.${method.toLowerCase()}(
    "${url}",${body}${headers}
    timeout=10,
)
response.raise_for_status()
print(response.status_code)
# A 204 No Content answer has no body to parse.
print(response.json() if response.content else None)
`;
}

function javaSample(method: HttpMethod, url: string, { bearerToken }: SampleOptions): string {
  const escapedBody = BODY_JSON.replaceAll('"', '\\"');
  const authLine = bearerToken
    ? `                .header("Authorization", "Bearer ${bearerToken}")\n`
    : '';
  const methodLine = sendsBody(method)
    ? `                .header("Content-Type", "application/json")
                .${method}(HttpRequest.BodyPublishers.ofString("${escapedBody}"))`
    : `                .${method}()`;
  return `// Java 11+: save as MockApiExample.java, run with \`java MockApiExample.java\`
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

public class MockApiExample {
    public static void main(String[] args) throws Exception {
        HttpClient client = HttpClient.newHttpClient();
        HttpRequest request = HttpRequest.newBuilder()
                .uri(URI.create("${url}"))
                .header("Accept", "application/json")
${authLine}${methodLine}
                .build();

        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
        System.out.println(response.statusCode());
        System.out.println(response.body());
    }
}
`;
}

function goMethodConstant(method: HttpMethod): string {
  return `http.Method${method.charAt(0)}${method.slice(1).toLowerCase()}`;
}

function goSample(method: HttpMethod, url: string, { bearerToken }: SampleOptions): string {
  const withBody = sendsBody(method);
  const imports = ['"fmt"', '"io"', '"log"', '"net/http"', ...(withBody ? ['"strings"'] : [])];
  const bodySetup = withBody ? `\tbody := strings.NewReader(\`${BODY_JSON}\`)\n` : '';
  const contentType = withBody ? `\treq.Header.Set("Content-Type", "application/json")\n` : '';
  const auth = bearerToken ? `\treq.Header.Set("Authorization", "Bearer ${bearerToken}")\n` : '';
  return `// Save as main.go, run with \`go run main.go\`
package main

import (
${imports.map((name) => `\t${name}`).join('\n')}
)

func main() {
${bodySetup}\treq, err := http.NewRequest(${goMethodConstant(method)}, "${url}", ${withBody ? 'body' : 'nil'})
\tif err != nil {
\t\tlog.Fatal(err)
\t}
${contentType}${auth}\treq.Header.Set("Accept", "application/json")

\tresp, err := http.DefaultClient.Do(req)
\tif err != nil {
\t\tlog.Fatal(err)
\t}
\tdefer resp.Body.Close()

\tdata, err := io.ReadAll(resp.Body)
\tif err != nil {
\t\tlog.Fatal(err)
\t}
\tfmt.Println(resp.Status)
\tfmt.Println(string(data))
}
`;
}

const builders: Record<
  SampleLanguage,
  (method: HttpMethod, url: string, options: SampleOptions) => string
> = {
  fetch: fetchSample,
  axios: axiosSample,
  python: pythonSample,
  java: javaSample,
  go: goSample,
};

/** Runnable code calling the placeholder mock API on `origin` with `method`, in `language`. */
export function codeSample(
  language: SampleLanguage,
  method: HttpMethod,
  origin: string = SAMPLE_ORIGIN,
  options: SampleOptions = {},
): string {
  return builders[language](method, sampleUrl(method, origin), options);
}
