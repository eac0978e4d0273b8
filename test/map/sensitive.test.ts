import { describe, expect, it } from 'vitest';
import { isSensitiveParameter, nameWords, sensitiveReason, type SensitiveParameter } from '../../src/map/sensitive.js';

describe('nameWords', () => {
  const cases: { name: string; given: string; want: string[] }[] = [
    { name: 'header name', given: 'X-Api-Key', want: ['x', 'api', 'key'] },
    { name: 'camelCase', given: 'userEmail', want: ['user', 'email'] },
    { name: 'acronym then word', given: 'APIKey', want: ['api', 'key'] },
    { name: 'upper snake', given: 'ACCESS_TOKEN', want: ['access', 'token'] },
    { name: 'digits stay', given: 'ipv4Address', want: ['ipv4', 'address'] },
    { name: 'leading symbol', given: '$skiptoken', want: ['skiptoken'] },
    { name: 'brackets', given: 'actor_emails[]', want: ['actor', 'emails'] },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(nameWords(given)).toEqual(want);
  });
});

describe('isSensitiveParameter by name', () => {
  const cases: { name: string; given: string; want: boolean }[] = [
    // passwords and secrets
    { name: 'password', given: 'password', want: true },
    { name: 'new password with number', given: 'newPassword2', want: true },
    { name: 'passwd', given: 'passwd', want: true },
    { name: 'pwd', given: 'db_pwd', want: true },
    { name: 'passphrase', given: 'keyPassphrase', want: true },
    { name: 'client secret', given: 'client_secret', want: true },
    { name: 'secret in one word', given: 'appsecret', want: true },
    { name: 'credentials', given: 'Credentials', want: true },
    { name: 'connection string', given: 'connectionString', want: true },
    // tokens
    { name: 'token', given: 'token', want: true },
    { name: 'access token', given: 'access_token', want: true },
    { name: 'ACCESS-TOKEN', given: 'ACCESS-TOKEN', want: true },
    { name: 'refresh token camel', given: 'refreshToken', want: true },
    { name: 'id token', given: 'id_token', want: true },
    { name: 'token in one word', given: 'authtoken', want: true },
    { name: 'pagination token (decided: sensitive)', given: 'page_token', want: true },
    { name: 'msgraph skip token (decided: sensitive)', given: '$skiptoken', want: true },
    { name: 'token id (decided: sensitive)', given: 'token_id', want: true },
    { name: 'max tokens is a count', given: 'max_tokens', want: false },
    { name: 'max output tokens is a count', given: 'maxOutputTokens', want: false },
    { name: 'tokenizer is not a token', given: 'tokenizer_mode', want: false },
    { name: 'bearer', given: 'bearer', want: true },
    { name: 'jwt', given: 'X-JWT-Assertion', want: true },
    { name: 'client assertion', given: 'client_assertion', want: true },
    { name: 'PKCE verifier', given: 'code_verifier', want: true },
    // keys
    { name: 'api key', given: 'api_key', want: true },
    { name: 'apikey one word', given: 'apikey', want: true },
    { name: 'X-API-KEY', given: 'X-API-KEY', want: true },
    { name: 'x-apikey', given: 'x-apikey', want: true },
    { name: 'Azure subscription key', given: 'Ocp-Apim-Subscription-Key', want: true },
    { name: 'Azure functions key', given: 'x-functions-key', want: true },
    { name: 'AWS access key', given: 'AccessKeyId', want: true },
    { name: 'private key', given: 'privateKey', want: true },
    { name: 'key alone', given: 'key', want: true },
    { name: 'keys alone', given: 'keys', want: true },
    { name: 'sort key', given: 'sort_key', want: false },
    { name: 'partition key', given: 'partitionKey', want: false },
    { name: 'idempotency key', given: 'Idempotency-Key', want: false },
    { name: 'key id', given: 'key_id', want: false },
    { name: 'keyword', given: 'keyword', want: false },
    { name: 'monkey', given: 'monkey', want: false },
    { name: 'Jira issue key', given: 'issueIdOrKey', want: false },
    // auth, sessions, cookies, signatures
    { name: 'Authorization header', given: 'Authorization', want: true },
    { name: 'auth', given: 'X-Registry-Auth', want: true },
    { name: 'author is not auth', given: 'author', want: false },
    { name: 'author id', given: 'authorId', want: false },
    { name: 'session id', given: 'sessionId', want: true },
    { name: 'JSESSIONID', given: 'JSESSIONID', want: true },
    { name: 'PHPSESSID', given: 'PHPSESSID', want: true },
    { name: 'sid alone', given: 'sid', want: true },
    { name: 'Twilio AccountSid is an identifier', given: 'AccountSid', want: false },
    { name: 'sessionize is not a session', given: 'sessionize', want: false },
    { name: 'csrf', given: 'X-CSRF-Token', want: true },
    { name: 'xsrf', given: 'XSRF-TOKEN', want: true },
    { name: 'cookie', given: 'Cookie', want: true },
    { name: 'set-cookie', given: 'Set-Cookie', want: true },
    { name: 'signature', given: 'X-Hub-Signature-256', want: true },
    { name: 'Azure SAS sig', given: 'sig', want: true },
    { name: 'signal is not sig', given: 'signal', want: false },
    { name: 'hmac', given: 'hmac', want: true },
    // one-time codes
    { name: 'otp', given: 'otp', want: true },
    { name: 'totp code', given: 'totpCode', want: true },
    { name: '2fa', given: 'x-2fa-code', want: true },
    { name: 'mfa', given: 'mfa_code', want: true },
    { name: 'pin alone', given: 'pin', want: true },
    { name: 'pin code', given: 'pinCode', want: true },
    { name: 'Pinterest pin id', given: 'pin_id', want: false },
    { name: 'verification code', given: 'verification_code', want: true },
    // personal data
    { name: 'email', given: 'email', want: true },
    { name: 'user email', given: 'userEmail', want: true },
    { name: 'emails', given: 'actor_emails[]', want: true },
    { name: 'e-mail', given: 'e-mail', want: true },
    { name: 'mail alone', given: 'mail', want: true },
    { name: 'mail folder', given: 'mailFolder-id', want: false },
    { name: 'phone', given: 'phone_number', want: true },
    { name: 'telephone', given: 'Telephone', want: true },
    { name: 'mobile', given: 'mobile', want: true },
    { name: 'mobile app id', given: 'mobileAppId', want: false },
    { name: 'msisdn', given: 'msisdn', want: true },
    { name: 'address (decided: sensitive)', given: 'billing_address', want: true },
    { name: 'addresses', given: 'addresses', want: true },
    { name: 'ip address (decided: sensitive)', given: 'client_ip', want: true },
    { name: 'ipv4', given: 'ipv4', want: true },
    { name: 'forwarded for', given: 'X-Forwarded-For', want: true },
    { name: 'zip is not covered', given: 'zip', want: false },
    { name: 'first name', given: 'firstName', want: true },
    { name: 'surname', given: 'surname', want: true },
    { name: 'name alone', given: 'name', want: false },
    { name: 'username is an identifier', given: 'username', want: false },
    { name: 'user principal name', given: 'userPrincipalName', want: true },
    { name: 'date of birth', given: 'date_of_birth', want: true },
    { name: 'birthdate', given: 'birthDate', want: true },
    { name: 'dob', given: 'dob', want: true },
    { name: 'ssn', given: 'SSN', want: true },
    { name: 'national id', given: 'nationalId', want: true },
    { name: 'tax id', given: 'tax_id', want: true },
    { name: 'passport', given: 'passport_number', want: true },
    { name: 'driver licence', given: 'drivers_licence', want: true },
    { name: 'card number', given: 'cardNumber', want: true },
    { name: 'card alone (Stripe)', given: 'card', want: true },
    { name: 'card label id', given: 'card_label_id', want: false },
    { name: 'cvv2', given: 'cvv2', want: true },
    { name: 'cvc', given: 'cvc', want: true },
    { name: 'iban', given: 'IBAN', want: true },
    { name: 'account number', given: 'account_number', want: true },
    { name: 'account id', given: 'account_id', want: false },
    // plain parameters
    { name: 'per_page', given: 'per_page', want: false },
    { name: 'owner', given: 'owner', want: false },
    { name: 'repo', given: 'repo', want: false },
    { name: 'sort', given: 'sort', want: false },
    { name: 'X-Request-Id', given: 'X-Request-Id', want: false },
    { name: 'Accept-Language', given: 'Accept-Language', want: false },
  ];
  it.each(cases)('$name: $given', ({ given, want }) => {
    expect(isSensitiveParameter({ name: given })).toBe(want);
  });
});

describe('isSensitiveParameter by format and description', () => {
  const cases: { name: string; given: SensitiveParameter; want: boolean }[] = [
    { name: 'format password', given: { name: 'value', format: 'password' }, want: true },
    { name: 'format email', given: { name: 'to', format: 'email' }, want: true },
    { name: 'format idn-email', given: { name: 'to', format: 'idn-email' }, want: true },
    { name: 'format phone', given: { name: 'To', format: 'phone-number' }, want: true },
    { name: 'format ipv6', given: { name: 'peer', format: 'ipv6' }, want: true },
    { name: 'format uuid', given: { name: 'id', format: 'uuid' }, want: false },
    { name: 'format date-time', given: { name: 'since', format: 'date-time' }, want: false },
    { name: 'description naming a secret', given: { name: 'value', description: 'The API key for the workspace.' }, want: true },
    { name: 'description starting with password', given: { name: 'p', description: 'Password of the user' }, want: true },
    { name: 'prose mentioning a token', given: { name: 'per_page', description: 'Requires an access token with repo scope.' }, want: false },
    { name: 'prose mentioning a password later', given: { name: 'force', description: 'Whether the user must change the password at next sign-in.' }, want: false },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(isSensitiveParameter(given)).toBe(want);
  });
});

describe('extra patterns', () => {
  const cases: { name: string; given: [string, (string | RegExp)[]]; want: boolean }[] = [
    { name: 'string matches word parts', given: ['X-Tenant-Id', ['tenant id']], want: true },
    { name: 'string written camelCase', given: ['tenant_id', ['tenantId']], want: true },
    { name: 'string does not match inside a word', given: ['subtenant', ['tenant']], want: false },
    { name: 'case-insensitive', given: ['WORKSPACE', ['workspace']], want: true },
    { name: 'RegExp tests the whole name', given: ['x-internal-thing', [/^x-internal-/i]], want: true },
    { name: 'RegExp that does not match', given: ['x-public', [/^x-internal-/i]], want: false },
    { name: 'global RegExp gives the same answer twice', given: ['abc', [/b/g, /b/g]], want: true },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(isSensitiveParameter({ name: given[0] }, given[1])).toBe(want);
  });

  it('a global RegExp is not left with state', () => {
    const regex = /b/g;
    expect(isSensitiveParameter({ name: 'abc' }, [regex])).toBe(true);
    expect(isSensitiveParameter({ name: 'abc' }, [regex])).toBe(true);
    expect(regex.lastIndex).toBe(0);
  });
});

describe('sensitiveReason', () => {
  const cases: { name: string; given: SensitiveParameter; want: string | undefined }[] = [
    { name: 'name pattern', given: { name: 'X-Api-Key' }, want: 'name: api key' },
    { name: 'format', given: { name: 'to', format: 'email' }, want: 'format: email' },
    { name: 'description', given: { name: 'v', description: 'The client secret.' }, want: 'description' },
    { name: 'none', given: { name: 'limit' }, want: undefined },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(sensitiveReason(given)).toBe(want);
  });
});

describe('the review names (issue 12, finding 7)', () => {
  const mirrored = [
    'X-Rapidapi-Key', 'WWW-Authenticate', 'X-Appstore-Usage-Charge-Token', 'Authorisation', 'X-Authorisation', 'X-Key', 'X-PIN', 'X-Card',
    'X-Mail', 'connect.sid', 'X-Sid', 'pass', 'pw', 'X-Pass', 'X-Pass-Phrase', 'X-Cred', 'X-Security-Answer', 'X-Recovery-Code',
    'X-Backup-Code', 'DSN', 'X-Database-Url', 'X-Webhook-Url', 'X-Device-Id', 'X-IMEI',
    'X-Health-Record', 'X-Medical-Record-Number', 'X-Diagnosis', 'X-Patient-Id', 'X-Religion', 'X-Gender', 'X-Salary', 'X-Income', 'X-Credit-Score',
  ];
  it.each(mirrored)('%s is sensitive', (name) => {
    expect(isSensitiveParameter({ name })).toBe(true);
  });

  it.each(['X-Sort-Key', 'partition_key', 'AccountSid', 'CallSid', 'boarding_pass', 'max_tokens', 'X-Request-Id', 'owner', 'repo', 'per_page'])('%s is not', (name) => {
    expect(isSensitiveParameter({ name })).toBe(false);
  });

  it('consults the description and writeOnly', () => {
    expect(isSensitiveParameter({ name: 'X-Foo', description: 'The API key of the caller' })).toBe(true);
    expect(isSensitiveParameter({ name: 'X-Foo', description: 'Replaces the access token for this request.' })).toBe(true);
    expect(isSensitiveParameter({ name: 'X-Foo', writeOnly: true })).toBe(true);
    expect(isSensitiveParameter({ name: 'per_page', description: 'Requires an access token with repo scope.' })).toBe(false);
  });

  it('lets --not-sensitive remove a false positive of the built-in list, but not of extra patterns', () => {
    expect(isSensitiveParameter({ name: 'X-Card-Type' })).toBe(false);
    expect(isSensitiveParameter({ name: 'X-Card' }, [], ['x-card'])).toBe(false);
    expect(isSensitiveParameter({ name: 'X-Card' }, ['card'], ['X-Card'])).toBe(true);
    expect(isSensitiveParameter({ name: 'X-Foo', writeOnly: true }, [], ['X-Foo'])).toBe(false);
  });
});
