import { z } from 'zod';
import { panelPath } from '../panels';
import {
  deadLetter,
  deadLetterTable,
  discardDeadLetter,
  replayAllDeadLetters,
  replayDeadLetter,
} from '../../services/event-bus.server';
import { intent } from '../../writes/staff-write.server';

const idField = z.object({ id: z.string().trim().min(1, 'field.required').max(400, 'field.tooLong') });
const topicField = z.object({
  topic: z
    .string()
    .trim()
    .max(249, 'field.tooLong')
    .regex(/^[a-zA-Z0-9._-]*$/, 'field.invalid'),
});

const listPath = (topic = '') =>
  `${panelPath('infrastructure', 'dead-letters')}?${new URLSearchParams(topic ? { topic, done: '1' } : { done: '1' })}`;

/**
 * The dead letters' writes, each confirmed (the dead letter's topic, key and error shown), then
 * made by the bus's staff API in search, which checks staff:infrastructure and audits them.
 */
export function deadLetterWrites() {
  const one = (action: 'replay' | 'discard') =>
    intent({
      schema: idField,
      destructive: action === 'discard',
      summary: async ({ id }, context, t) => {
        const letter = await deadLetter(context.user.id, id);
        return {
          title: t(`deadLetters.summary.${action}`, { topic: letter.originalTopic, key: letter.key }),
          changes: [
            {
              label: t('deadLetters.state'),
              before: t('deadLetters.state.pending'),
              after: t(action === 'replay' ? 'deadLetters.state.replayed' : 'deadLetters.state.discarded'),
            },
            { label: t('deadLetters.error'), before: letter.error, after: letter.error },
          ],
        };
      },
      perform: async ({ id }, context) => {
        if (action === 'replay') await replayDeadLetter(context.user.id, id);
        else await discardDeadLetter(context.user.id, id);
        return listPath();
      },
    });
  return {
    replay: one('replay'),
    discard: one('discard'),
    replayAll: intent({
      schema: topicField,
      summary: async ({ topic }, context, t) => {
        const pending = await deadLetterTable(context.user.id, {
          sort: 'at',
          dir: 'desc',
          page: 1,
          size: 20,
          filters: { topic },
        });
        return {
          title: t('deadLetters.summary.replayAll', { topic: topic || t('deadLetters.everyTopic') }),
          changes: [
            {
              label: t('deadLetters.pending'),
              before: String(pending.total),
              after: '0',
            },
          ],
        };
      },
      perform: async ({ topic }, context) => {
        await replayAllDeadLetters(context.user.id, topic);
        return listPath(topic);
      },
    }),
  };
}
