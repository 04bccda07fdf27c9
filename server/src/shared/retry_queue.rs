//! The SQL of the two retry queues, Discord member syncs (`discord_sync_jobs`) and alert
//! deliveries (`webhook_deliveries`): a row waits `pending` until it is done or fails for
//! good. A worker claims due rows for a while (`claimed_until`; other workers skip them), a
//! failed try is retried after a delay, and a claim that runs out makes the row due again.
//! The stores run these statements from their own traced functions.

/// A queue table. It has `id`, `status`, `attempts`, `next_attempt_at` and `claimed_until`.
pub struct Queue {
    pub table: &'static str,
    /// Where the text of the last failed try is kept.
    pub error_column: &'static str,
    /// A time stamped when a row fails for good, if the table keeps one.
    pub closed_at_column: Option<&'static str>,
}

/// The rows a worker may take now: pending, due, and not held by a claim that still runs.
const DUE: &str = "status = 'pending' AND next_attempt_at <= now()
                   AND (claimed_until IS NULL OR claimed_until < now())";

impl Queue {
    /// Claims up to `$1` due rows, oldest first, for `$2` seconds and counts the try; selects
    /// `id`, `attempts` and `columns` of each, in that order.
    pub fn claim_sql(&self, columns: &str) -> String {
        let table = self.table;
        format!(
            "WITH claimed AS (
                 UPDATE {table} SET claimed_until = now() + make_interval(secs => $2),
                        attempts = attempts + 1
                  WHERE id IN (SELECT id FROM {table} WHERE {DUE}
                                ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
              RETURNING id, attempts, {columns}, next_attempt_at)
             SELECT id, attempts, {columns} FROM claimed ORDER BY next_attempt_at, id"
        )
    }

    /// A failed try of row `$1` with the error `$2`: due again in `$3` seconds, or failed for
    /// good when `$3` is NULL. Either way its claim ends.
    pub fn retry_or_fail_sql(&self) -> String {
        let (table, error) = (self.table, self.error_column);
        let closed = self
            .closed_at_column
            .map(|column| format!(", {column} = CASE WHEN $3::float8 IS NULL THEN now() END"))
            .unwrap_or_default();
        format!(
            "UPDATE {table}
                SET status = CASE WHEN $3::float8 IS NULL THEN 'failed' ELSE 'pending' END,
                    next_attempt_at = now() + make_interval(secs => COALESCE($3, 0)),
                    {error} = $2, claimed_until = NULL{closed}
              WHERE id = $1"
        )
    }

    /// A condition: whether any row is due.
    pub fn any_due_sql(&self) -> String {
        format!("EXISTS (SELECT 1 FROM {} WHERE {DUE})", self.table)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const JOBS: Queue =
        Queue { table: "jobs", error_column: "error", closed_at_column: Some("done_at") };

    #[test]
    fn a_failure_stamps_the_close_only_where_the_table_keeps_one() {
        assert!(JOBS.retry_or_fail_sql().contains("done_at = CASE WHEN $3::float8 IS NULL"));
        let open = Queue { closed_at_column: None, ..JOBS };
        assert!(!open.retry_or_fail_sql().contains("done_at"));
        assert!(open.retry_or_fail_sql().contains("error = $2, claimed_until = NULL\n"));
    }

    #[test]
    fn a_claim_selects_the_id_the_attempts_and_the_columns_asked_for() {
        let sql = JOBS.claim_sql("discord_id, run_id");
        assert!(sql.contains("SELECT id, attempts, discord_id, run_id FROM claimed"));
        assert!(sql.contains("UPDATE jobs SET claimed_until"));
        assert_eq!(JOBS.any_due_sql().matches("status = 'pending'").count(), 1);
    }
}
