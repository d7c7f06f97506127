import {
  activeYearSubscriptionStatus,
  allocationComparison,
  checkReviewed,
  chooseAllocation,
  chooseMethod,
  completeWizard,
  customerInfo,
  decideFindings,
  hasSubscriptions,
  listFindings,
  methodComparison,
  nextWizard,
  reviewEntry,
  reviewSummary,
  safeHarborStatus,
  traceStatus,
  updateTraceToDesiredWizard,
  updateTraceToUploadCsv,
} from '@lotwise/contracts/review/review';
import { CHOICES, WIZARD_STEP, WIZARD_TITLES, WIZARDS } from '@lotwise/contracts/review/wizards';
import { allocationCsv } from '@lotwise/engine/form8949';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { authedRoute, requireAuth } from '../../http/route.ts';
import { defaultTaxYear, settingsOf } from '../tax/engine.service.ts';
import { taxResults } from '../tax/results.service.ts';
import { chosenAllocation, compareAllocations, RULE_LABELS } from './allocation-comparison.ts';
import { decide } from './decide.ts';
import { compareMethods, scheduleOf, scheduleText, withMethodFrom } from './method-comparison.ts';
import { reviewState } from './review.service.ts';
import { safeHarborApplies } from './safe-harbor-status.ts';
import { TracesRepo } from './traces.repo.ts';
import { isFindingWizard, isOpen, nextOpen } from './wizard-flow.ts';

export function registerReviewRoutes(app: FastifyInstance, ctx: AppContext): void {
  const traces = new TracesRepo(ctx.db.kysely);
  const results = taxResults(ctx.db.kysely, ctx.db.sqlite);

  authedRoute(app, reviewSummary, async ({ auth }) => {
    const [state, trace] = await Promise.all([reviewState(ctx, auth.user), traces.get(auth.user.id)]);
    const wizards = WIZARDS.map((wizard) => ({
      wizard,
      step: WIZARD_STEP[wizard],
      title: WIZARD_TITLES[wizard].title,
      count: isFindingWizard(wizard) ? state.findings[wizard].length : 0,
      completed: !isOpen(wizard, trace, state.findings, state.imports),
    }));
    return {
      data: {
        total: wizards.reduce((n, w) => n + w.count, 0),
        wizards,
        calculated_at: state.calculatedAt,
        stale: state.stale,
        current: trace.traceName,
      },
    };
  });

  authedRoute(app, listFindings, async ({ query, auth }) => {
    const all = (await reviewState(ctx, auth.user)).findings[query.wizard];
    const from = (query.page - 1) * query.per_page;
    const choices = Object.entries(CHOICES[query.wizard] as Record<string, { label: string }>).map(
      ([value, c]) => ({
        value,
        label: c.label,
      }),
    );
    return {
      data: {
        wizard: query.wizard,
        items: all.slice(from, from + query.per_page),
        total: all.length,
        choices:
          query.wizard === 'PricingWizard' ? [{ value: 'fetch', label: 'Fetch prices again' }] : choices,
      },
    };
  });

  authedRoute(app, decideFindings, async ({ body, auth }) => {
    const outcome = await decide(ctx, auth.user, body);
    return {
      status: 'success' as const,
      message: outcome.message,
      data: { applied: outcome.applied, remaining: outcome.remaining },
    };
  });

  authedRoute(app, methodComparison, async ({ query, auth }) => ({
    data: await compareMethods(ctx, auth.user, query.year),
  }));

  authedRoute(app, chooseMethod, async ({ body, auth }) => {
    const method = scheduleText(
      withMethodFrom(scheduleOf(settingsOf(auth.user).method), body.year, body.method),
    );
    await ctx.users.update(auth.user.id, { tax_method: method });
    const trace = await traces.get(auth.user.id);
    if (!trace.completed.includes('SelectLifoFifo')) {
      await traces.save(auth.user.id, { ...trace, completed: [...trace.completed, 'SelectLifoFifo'] });
    }
    return {
      status: 'success' as const,
      message: `${body.method.toUpperCase()} from ${body.year} on. Recalculate your taxes to apply it.`,
      data: { method },
    };
  });

  authedRoute(app, reviewEntry, async ({ auth }) => {
    const [state, trace] = await Promise.all([reviewState(ctx, auth.user), traces.get(auth.user.id)]);
    // Where the user left off when it still has something to do, else the first open wizard.
    if (isOpen(trace.traceName, trace, state.findings, state.imports))
      return { wizard_name: trace.traceName };
    const next = nextOpen(trace, state.findings, state.imports);
    return { wizard_name: next === 'tax_summary' ? 'SelectLifoFifo' : next };
  });

  authedRoute(app, nextWizard, async ({ auth }) => {
    const [state, trace] = await Promise.all([reviewState(ctx, auth.user), traces.get(auth.user.id)]);
    return { wizard_name: nextOpen(trace, state.findings, state.imports, trace.traceName), id: trace.id };
  });

  authedRoute(app, traceStatus, async ({ auth }) => {
    const [state, trace] = await Promise.all([reviewState(ctx, auth.user), traces.get(auth.user.id)]);
    return {
      data: {
        trace_name: trace.traceName,
        completed_trace_name: trace.completed.at(-1) ?? null,
        need_self_transfer_stitching: state.findings.SelfTransferWizard.length > 0,
        uncompleted_trace_status: WIZARDS.filter((w) => isOpen(w, trace, state.findings, state.imports)),
      },
    };
  });

  authedRoute(app, checkReviewed, async ({ auth }) => {
    const [state, trace] = await Promise.all([reviewState(ctx, auth.user), traces.get(auth.user.id)]);
    return { status: nextOpen(trace, state.findings, state.imports) === 'tax_summary' };
  });

  authedRoute(app, updateTraceToUploadCsv, async ({ auth }) => {
    const trace = await traces.get(auth.user.id);
    await traces.save(auth.user.id, { ...trace, traceName: 'UploadCsvWizard' });
    return { status: 'success' as const };
  });

  authedRoute(app, updateTraceToDesiredWizard, async ({ body, auth }) => {
    const trace = await traces.get(auth.user.id);
    await traces.save(auth.user.id, {
      traceName: body.wizard,
      completed: trace.completed.filter((w) => w !== body.wizard),
    });
    return { status: 'success' as const };
  });

  authedRoute(app, completeWizard, async ({ body, auth }) => {
    const [state, trace] = await Promise.all([reviewState(ctx, auth.user), traces.get(auth.user.id)]);
    const completed = trace.completed.includes(body.wizard_name)
      ? trace.completed
      : [...trace.completed, body.wizard_name];
    const next = nextOpen({ ...trace, completed }, state.findings, state.imports, body.wizard_name);
    await traces.save(auth.user.id, {
      traceName: next === 'tax_summary' ? body.wizard_name : next,
      completed,
    });
    return { status: 'success' as const, wizard_name: next };
  });

  authedRoute(app, activeYearSubscriptionStatus, async ({ auth }) => {
    const year = defaultTaxYear(auth.user.timezone);
    const calc = await results.latestComplete(auth.user.id);
    const taxable = calc ? (await results.yearSummaries(calc.id)).find((y) => y.year === year) : undefined;
    return {
      status: 'success',
      active_tax_year: year,
      // Billing off (the self-hosted default): every year has every feature.
      subscription_stat:
        !ctx.billing.enabled || (await ctx.billing.planFor(auth.user.id, year)) ? 'active' : 'inactive',
      tax_calculation_id: calc?.trace_id ?? null,
      taxable_count: (taxable?.disposal_count ?? 0) + (taxable?.income_count ?? 0),
    };
  });

  authedRoute(app, hasSubscriptions, async ({ auth }) => ({
    subscribed: !ctx.billing.enabled || (await ctx.billing.hasAnyPlan(auth.user.id)),
  }));

  authedRoute(app, customerInfo, async ({ auth }) => ({ data: { email: auth.user.email } }));

  authedRoute(app, allocationComparison, async ({ auth }) => ({
    data: await compareAllocations(ctx, auth.user),
  }));

  authedRoute(app, safeHarborStatus, async ({ auth }) => ({
    applies: await safeHarborApplies(ctx, auth.user),
  }));

  authedRoute(app, chooseAllocation, async ({ body, auth }) => {
    const chosenAt = new Date().toISOString();
    await ctx.users.update(auth.user.id, { allocation_rule: body.rule, allocation_chosen_at: chosenAt });
    return {
      status: 'success' as const,
      message: `${RULE_LABELS[body.rule]}, chosen on ${chosenAt.slice(0, 10)}. Recalculate your taxes to apply it.`,
      data: { rule: body.rule, chosen_at: chosenAt },
    };
  });

  // The allocation record of the chosen rule, a CSV to keep with the tax papers: made from the
  // user's data as it is (the same engine run as the comparison), whatever their basis setting
  // and whether or not a calculation ran since the rule was chosen.
  app.get(
    '/api/review/allocation.csv',
    { schema: { tags: ['review'], summary: 'Download the Safe Harbor allocation record (CSV)' } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const chosenRecord = await chosenAllocation(ctx, auth.user);
      if (!chosenRecord)
        throw new AppError(
          'not_found',
          'No allocation record: nothing was held at the end of 2024, so there is nothing to allocate.',
        );
      // The record with the day the rule was chosen on every line (the Rev. Proc. asks for a dated record).
      const chosen = auth.user.allocation_chosen_at ?? '';
      // A lot bought without a price has an unknown basis: blank, and the record says INCOMPLETE.
      const csv = allocationCsv(chosenRecord.record, chosen, chosenRecord.unpriced);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="lotwise-safe-harbor-allocation-2025.csv"')
        .header('cache-control', 'private, no-store');
      return reply.send(csv);
    },
  );
}
