import { SAMPLE_API_URL } from '../constants.ts';

/** The methods a mock API answers. */
export const SAMPLE_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type SampleMethod = (typeof SAMPLE_METHODS)[number];

/** The languages of the API usage samples, with the tab label of each. */
export const SAMPLE_LANGUAGES = [
  { id: 'fetch', label: 'JavaScript (fetch)' },
  { id: 'axios', label: 'JavaScript (axios)' },
  { id: 'python', label: 'Python (requests)' },
  { id: 'java', label: 'Java (HttpClient)' },
  { id: 'go', label: 'Go (net/http)' },
] as const;
export type SampleLanguage = (typeof SAMPLE_LANGUAGES)[number]['id'];

/**
 * The placeholder URL for a method: the public mock URL's method segment is the method in lower
 * case (/backend/apitemplate/{method}/{requestId}).
 */
export function sampleUrl(method: SampleMethod, baseUrl: string = SAMPLE_API_URL): string {
  return baseUrl.replace('/apitemplate/get/', `/apitemplate/${method.toLowerCase()}/`);
}

/** Only POST and PUT send a body in the samples; mock endpoints ignore it, real APIs would not. */
export function sendsBody(method: SampleMethod): boolean {
  return method === 'POST' || method === 'PUT';
}

const BODY = { name: 'Jane Doe', email: 'jane@example.com' };
const BODY_JSON = JSON.stringify(BODY);

function fetchSample(method: SampleMethod, url: string): string {
  const options = sendsBody(method)
    ? `, {
  method: '${method}',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ name: 'Jane Doe', email: 'jane@example.com' }),
}`
    : method === 'GET'
      ? ''
      : `, { method: '${method}' }`;
  return `// Runs in the browser console, Deno or Node 18+ (as an ES module, for top-level await).
const response = await fetch('${url}'${options});
if (!response.ok) {
  throw new Error(\`Request failed: \${response.status} \${response.statusText}\`);
}
const data = await response.json();
console.log(data);
`;
}

function axiosSample(method: SampleMethod, url: string): string {
  const call = sendsBody(method)
    ? `axios.${method.toLowerCase()}('${url}', {
  name: 'Jane Doe',
  email: 'jane@example.com',
})`
    : `axios.${method.toLowerCase()}('${url}')`;
  return `// npm install axios
import axios from 'axios';

const { status, data } = await ${call};
console.log(status, data);
`;
}

function pythonSample(method: SampleMethod, url: string): string {
  const body = sendsBody(method)
    ? `\n    json={"name": "Jane Doe", "email": "jane@example.com"},`
    : '';
  return `# pip install requests
import requests

response = requests.${method.toLowerCase()}(
    "${url}",${body}
    timeout=10,
)
response.raise_for_status()
print(response.status_code)
print(response.json())
`;
}

function javaSample(method: SampleMethod, url: string): string {
  const escapedBody = BODY_JSON.replaceAll('"', '\\"');
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
${methodLine}
                .build();

        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
        System.out.println(response.statusCode());
        System.out.println(response.body());
    }
}
`;
}

function goMethodConstant(method: SampleMethod): string {
  return `http.Method${method.charAt(0)}${method.slice(1).toLowerCase()}`;
}

function goSample(method: SampleMethod, url: string): string {
  const withBody = sendsBody(method);
  const imports = ['"fmt"', '"io"', '"log"', '"net/http"', ...(withBody ? ['"strings"'] : [])];
  const bodySetup = withBody ? `\tbody := strings.NewReader(\`${BODY_JSON}\`)\n` : '';
  const contentType = withBody ? `\treq.Header.Set("Content-Type", "application/json")\n` : '';
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
${contentType}\treq.Header.Set("Accept", "application/json")

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

const builders: Record<SampleLanguage, (method: SampleMethod, url: string) => string> = {
  fetch: fetchSample,
  axios: axiosSample,
  python: pythonSample,
  java: javaSample,
  go: goSample,
};

/** Runnable code calling the mock API with `method` in `language`. */
export function codeSample(
  language: SampleLanguage,
  method: SampleMethod,
  baseUrl: string = SAMPLE_API_URL,
): string {
  return builders[language](method, sampleUrl(method, baseUrl));
}
