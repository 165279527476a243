/**
 * The answers of the moderation routes: accounts, the report queue and its history as the admin
 * screen reads them, and each action's message, in the words the admin screen shows in its toast.
 */
import type { MessageResult } from '@mocksmith/core';
import {
  type AdminAction,
  type AdminUser,
  adminActionMessages,
  type ModerationAction,
  type ModerationQueue,
  type ReportReason,
} from '@mocksmith/core/gallery';
import type { UserRow } from '../../db/schema/auth.ts';
import type { ModerationRepository, OpenReportRow } from './moderation.repository.ts';

type HistoryRow = Awaited<ReturnType<ModerationRepository['history']>>[number];

const isAdminRole = (role: string | null) =>
  (role ?? '').split(',').some((name) => name.trim() === 'admin');

/** An account as the admin screen lists it. */
export function presentAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    username: row.name,
    email: row.email,
    banned: row.banned === true,
    isAdmin: isAdminRole(row.role),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The open reports with their templates as they are now, and the last actions. */
export function presentQueue(
  reports: readonly OpenReportRow[],
  history: readonly HistoryRow[],
): ModerationQueue {
  return {
    reports: reports.map((report) => ({
      id: report.id,
      reason: report.reason as ReportReason,
      note: report.note,
      createdAt: report.createdAt.toISOString(),
      reporter: { username: report.reporterName },
      template: {
        id: report.api.id,
        name: report.api.name,
        description: report.api.description,
        category: report.api.category,
        tags: report.api.tags,
        template: report.api.template,
        isPublic: report.api.isPublic,
        isOfficial: report.api.isOfficial,
        disabled: report.api.disabled,
        author: report.author ? presentAdminUser(report.author) : null,
      },
    })),
    history: history.map((entry) => ({
      id: entry.id,
      action: entry.action as ModerationAction,
      admin: entry.adminName,
      target: entry.target,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}

/** The answer of an action that was taken. */
export function actionResult(action: AdminAction): MessageResult {
  return { message: adminActionMessages[action] };
}
