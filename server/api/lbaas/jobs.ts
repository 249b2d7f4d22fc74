import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../../errors.js';
import type { CloudAccess } from '../../openstack/access.js';
import type { CloudClient } from '../../openstack/client.js';
import type { SessionData } from '../../plugins/session.js';
import { encode, isConflict, isGone, octavia } from './octavia.js';

/**
 * Server-side jobs for the changes Octavia takes one at a time (api-contract
 * §10 Rec): replacing a pool's members, the pool or monitor update chained
 * to a listener or pool edit, a delete refused while the load balancer is
 * busy. Each step waits until the load balancer is ACTIVE again, then runs;
 * Octavia's 409 (another change got in first) sends it back to waiting. The
 * steps run here, not in the browser, so closing the page loses none; the
 * job's progress is answered at `/api/lbaas/jobs/{id}/`.
 */

export interface JobStep {
  /** What the step does, for the job's record ("delete member 10.0.0.5:80"). */
  label: string;
  run(client: CloudClient): Promise<unknown>;
}

export interface JobRecord {
  id: string;
  kind: string;
  project_id: string;
  loadbalancer_id: string;
  status: 'RUNNING' | 'DONE' | 'FAILED';
  steps: { label: string; done: boolean }[];
  error: string | null;
  created_at: string;
  updated_at: string;
}

/** How long Horizon keeps retrying a change the load balancer refuses (its 120 s). */
export const JOB_PATIENCE_MS = 120_000;
/** How long a finished job's record is kept for the browser to read. */
const KEPT_MS = 3_600_000;

export class LbJobs {
  private readonly jobs = new Map<string, JobRecord>();

  constructor(
    private readonly access: CloudAccess,
    private readonly pollMs: number,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Starts the steps in the background and answers the job's record at once. */
  start(session: SessionData, kind: string, loadBalancerId: string, steps: JobStep[]): JobRecord {
    this.prune();
    const now = new Date().toISOString();
    const job: JobRecord = {
      id: randomUUID(),
      kind,
      project_id: session.projectId ?? '',
      loadbalancer_id: loadBalancerId,
      status: 'RUNNING',
      steps: steps.map((step) => ({ label: step.label, done: false })),
      error: null,
      created_at: now,
      updated_at: now,
    };
    this.jobs.set(job.id, job);
    void this.run(job, session, steps);
    return job;
  }

  get(projectId: string, id: string): JobRecord {
    const job = this.jobs.get(id);
    if (!job || job.project_id !== projectId) throw new ApiError(404, 'Job not found.');
    return job;
  }

  list(projectId: string): JobRecord[] {
    return [...this.jobs.values()].filter((job) => job.project_id === projectId);
  }

  /** Resolves when the job has ended (tests and shutdown). */
  async settled(id: string): Promise<JobRecord> {
    for (;;) {
      const job = this.jobs.get(id);
      if (!job || job.status !== 'RUNNING') return job!;
      await delay(50);
    }
  }

  private async run(job: JobRecord, session: SessionData, steps: JobStep[]): Promise<void> {
    try {
      for (const [index, step] of steps.entries()) {
        const giveUpAt = Date.now() + JOB_PATIENCE_MS;
        for (;;) {
          const client = await this.access.sessionClient(session);
          await this.untilActive(client, job.loadbalancer_id, giveUpAt);
          try {
            await step.run(client);
            break;
          } catch (error) {
            if (!isConflict(error) || Date.now() > giveUpAt) throw error;
          }
        }
        job.steps[index]!.done = true;
        job.updated_at = new Date().toISOString();
      }
      job.status = 'DONE';
    } catch (error) {
      job.status = 'FAILED';
      job.error = (error as Error).message;
      this.log?.warn({ err: error, job: job.id }, 'load balancer job failed');
    }
    job.updated_at = new Date().toISOString();
  }

  private async untilActive(client: CloudClient, loadBalancerId: string, giveUpAt: number): Promise<void> {
    for (;;) {
      let status: string;
      try {
        status = (await octavia<{ loadbalancer: { provisioning_status: string } }>(client, 'GET', `/loadbalancers/${encode(loadBalancerId)}`)).body.loadbalancer.provisioning_status;
      } catch (error) {
        if (isGone(error)) throw new ApiError(404, `Load balancer ${loadBalancerId} is gone.`);
        throw error;
      }
      if (status === 'ACTIVE') return;
      if (status === 'ERROR' || status === 'PENDING_DELETE') throw new ApiError(409, `The load balancer is ${status}.`);
      if (Date.now() > giveUpAt) throw new ApiError(409, `The load balancer stayed ${status}.`);
      await delay(this.pollMs);
    }
  }

  private prune(): void {
    const cutoff = Date.now() - KEPT_MS;
    for (const [id, job] of this.jobs) if (job.status !== 'RUNNING' && Date.parse(job.updated_at) < cutoff) this.jobs.delete(id);
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
