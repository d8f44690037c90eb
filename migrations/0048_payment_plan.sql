-- A payment keeps the plan it paid (decision 109): a creator subscription's row is one per pair and changes
-- plan when the member comes back on another, so the row cannot say what an earlier payment bought.
-- Payments written before stay null; the export falls back to their subscription's plan.
ALTER TABLE `payments` ADD `plan` text;