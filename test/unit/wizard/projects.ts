// The sample project of the full-wizard tests: one task shaped for each run type.
import type { FakeOptions, FakeTask } from './fakeWorkspace';

const PLAN = {
  stages: [
    { id: 'migrate-db', title: 'Add refund index' },
    { id: 'api-timeout', title: 'Bound refund API latency', dependsOn: ['migrate-db'] },
    { id: 'docs', title: 'Document refunds' },
  ],
};

export function projectTasks(): FakeTask[] {
  return [
    {
      group: 'payments',
      id: 'refund-timeout',
      manifest: {
        title: 'Refunds time out under load',
        updatedAt: '2026-11-20T10:00:00Z',
        workflow: { currentPhase: 'error-analysis', nextRecommendedPhase: { phase: 'implementation-planning', status: 'ready' } },
        runs: [{ runId: '2026-11-18-1', taskType: 'error-analysis', status: 'completed', inputs: 'runs/2026-11-18-1/inputs.json' }],
      },
      brief: {
        frontMatter: {
          title: 'Refunds',
          analysisTarget: 'services/payments',
          evidence: { feature: 'docs/refunds.md', project: 'docs/arch.md' },
        },
      },
      directions: [
        '.okstra/tasks/payments/refund-timeout/directions/a-cache.md',
        '.okstra/tasks/payments/refund-timeout/directions/b-queue.md',
      ],
      questions: [
        {
          runId: '2026-11-18-1',
          questions: [
            { id: 'q1', question: 'Which SLA?' },
            { id: 'q2', question: 'Which region?' },
          ],
        },
      ],
      previousRuns: [
        {
          runId: '2026-11-18-1',
          taskType: 'error-analysis',
          inputs: {
            taskType: 'error-analysis',
            directive: 'Focus on p99',
            relatedTasks: 'payments/impl',
            roleCounts: { analyser: 1 },
            roleModels: { analyser: ['codex/gpt-5.1-codex'], 'report-writer': ['claude/opus-4.5'] },
          },
        },
      ],
    },
    {
      group: 'payments',
      id: 'impl',
      manifest: {
        title: 'Implement refunds',
        updatedAt: '2026-11-19T10:00:00Z',
        workflow: { currentPhase: 'implementation-planning', nextRecommendedPhase: 'implementation', completedStages: ['migrate-db'] },
        worktree: { path: '../wt/impl', branch: 'okstra/impl' },
      },
      plan: PLAN,
    },
    {
      group: 'payments',
      id: 'verify',
      manifest: {
        title: 'Verify refunds',
        updatedAt: '2026-11-18T10:00:00Z',
        workflow: {
          currentPhase: 'implementation',
          nextRecommendedPhase: { phase: 'final-verification', status: 'ready' },
          completedStages: ['migrate-db', 'api-timeout'],
        },
        worktree: { path: '../wt/verify', branch: 'okstra/verify' },
      },
      plan: PLAN,
    },
    {
      group: 'payments',
      id: 'fixme',
      manifest: {
        title: 'Fix what verification found',
        updatedAt: '2026-11-17T10:00:00Z',
        workflow: {
          currentPhase: 'final-verification',
          nextRecommendedPhase: { phase: '', status: 'blocked' },
          completedStages: ['migrate-db', 'api-timeout', 'docs'],
        },
        runs: [{ runId: 'fv-7', taskType: 'final-verification', status: 'failed' }],
      },
      plan: PLAN,
    },
    {
      group: 'release',
      id: 'v2',
      manifest: {
        title: 'Ship v2',
        updatedAt: '2026-11-16T10:00:00Z',
        workflow: { currentPhase: 'final-verification', nextRecommendedPhase: { phase: 'release-handoff', status: 'ready' } },
      },
      brief: { exists: false },
    },
  ];
}

export function projectOptions(extra: Partial<FakeOptions> = {}): FakeOptions {
  return {
    tasks: projectTasks(),
    files: ['docs/refunds.md', 'docs/arch.md', 'docs/other-brief.md', '.github/pull_request_template.md', 'docs/answers.md'],
    ...extra,
  };
}
