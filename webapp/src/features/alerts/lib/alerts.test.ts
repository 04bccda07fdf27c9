import { describe, expect, it } from 'vitest';
import {
  ADDRESS_REQUIRED,
  BAD_ADDRESS,
  deliveryStatus,
  eventLabels,
  eventsSummary,
  NAME_REQUIRED,
  NO_EVENTS,
  refusedField,
  testResultLine,
  TOO_MANY,
  validateWebhook,
  webhookChange,
  webhookCreate,
  webhookFormValues,
} from './alerts';

const ALL = ['member.hired', 'member.rank_changed', 'report.filed'];
const HOOK = { name: 'Command channel', events: ['report.filed', 'member.hired'], enabled: true };

describe('the webhook form', () => {
  it('starts a new webhook with every event, on, asking for an address; an existing one as it is', () => {
    expect(webhookFormValues(null, ALL)).toEqual({ name: '', url: '', replaceUrl: true, events: ALL, enabled: true });
    expect(webhookFormValues(HOOK, ALL)).toEqual({ name: 'Command channel', url: '', replaceUrl: false, events: HOOK.events, enabled: true });
  });

  it("checks the name, the address and the events with the server's sentences", () => {
    expect(validateWebhook({ name: ' ', url: '', replaceUrl: true, events: [], enabled: true })).toEqual({
      name: NAME_REQUIRED,
      url: ADDRESS_REQUIRED,
      events: NO_EVENTS,
    });
    // An existing webhook keeps its address unless it is replaced.
    expect(validateWebhook({ ...webhookFormValues(HOOK, ALL) })).toEqual({});
  });

  it('creates with trimmed values, and patches only what changed', () => {
    expect(webhookCreate({ name: ' Ops ', url: ' https://discord.com/api/webhooks/1/a ', replaceUrl: true, events: ALL, enabled: false })).toEqual({
      name: 'Ops',
      url: 'https://discord.com/api/webhooks/1/a',
      events: ALL,
      enabled: false,
    });
    const values = webhookFormValues(HOOK, ALL);
    expect(webhookChange(HOOK, values, ALL)).toBeNull();
    // The same events in another order are no change.
    expect(webhookChange(HOOK, { ...values, events: ['member.hired', 'report.filed'] }, ALL)).toBeNull();
    expect(webhookChange(HOOK, { ...values, events: ['report.filed', 'member.rank_changed'], enabled: false }, ALL)).toEqual({
      events: ['member.rank_changed', 'report.filed'],
      enabled: false,
    });
    expect(webhookChange(HOOK, { ...values, name: 'Ops ', replaceUrl: true, url: 'https://x' }, ALL)).toEqual({ name: 'Ops', url: 'https://x' });
  });

  it("puts the server's refusals under their field", () => {
    expect(refusedField(NAME_REQUIRED)).toBe('name');
    expect(refusedField(NO_EVENTS)).toBe('events');
    expect(refusedField("Unknown event 'member.fired'.")).toBe('events');
    expect(refusedField(BAD_ADDRESS)).toBe('url');
    expect(refusedField(TOO_MANY)).toBeNull();
  });
});

describe('display', () => {
  const label = eventLabels([
    { value: 'member.hired', label: 'Hire' },
    { value: 'member.rank_changed', label: 'Promotion or demotion' },
    { value: 'report.filed', label: 'Report filed' },
  ]);

  it('labels events, the test message and unknown events', () => {
    expect(label('member.hired')).toBe('Hire');
    expect(label('test')).toBe('Test message');
    expect(label('other')).toBe('other');
    expect(eventsSummary(['report.filed', 'member.hired'], ALL, label)).toEqual(['Hire', 'Report filed']);
    expect(eventsSummary(ALL, ALL, label)).toEqual(['Every event']);
  });

  it('colours deliveries and says what a test did', () => {
    expect(deliveryStatus('sent')).toEqual({ label: 'Sent', color: 'green' });
    expect(deliveryStatus('failed').color).toBe('red');
    expect(deliveryStatus('odd')).toEqual({ label: 'odd', color: 'gray' });
    expect(testResultLine({ sent: true })).toBe('Test message sent. Check the channel.');
    expect(testResultLine({ sent: false, error: 'Discord: 404 Unknown Webhook' })).toBe('Not sent: Discord: 404 Unknown Webhook');
  });
});
