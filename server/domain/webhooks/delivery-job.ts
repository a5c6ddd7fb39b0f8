/**
 * What a delivery job carries. `due` is the delivery's next_attempt_at when the job was made:
 * only the job whose `due` still matches may claim the attempt, so duplicate or stale jobs
 * (a recovered job, a retry of a crashed worker's job) never send a second time.
 */
export type DeliveryJob = { deliveryId: string; due: string };

export const deliveryJob = (deliveryId: string, due: Date): DeliveryJob => ({ deliveryId, due: due.toISOString() });
