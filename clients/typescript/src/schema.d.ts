// Generated from Refcount's /v1 OpenAPI document by `npm run client:generate`: do not edit.
// A test fails when this file and the routers disagree (docs/client-and-mcp.md).
export interface paths {
    "/affiliate/bounties": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The program's live bounties with the affiliate's progress in the current period and its own submissions
         * @description At most the 50 newest live bounties; progress is read from the daily totals (days in the workspace time zone).
         *
         *     Needs an affiliate key (refa_live_…); answers only that affiliate's own records.
         */
        get: operations["affiliate-bounties"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliate/clicks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The affiliate's own clicks, newest first
         * @description The affiliate's own clicks, newest first.
         *
         *     Needs an affiliate key (refa_live_…); answers only that affiliate's own records.
         */
        get: operations["affiliate-clicks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliate/codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The affiliate's own coupon codes, newest first, active and inactive
         * @description The affiliate's own coupon codes, newest first, active and inactive.
         *
         *     Needs an affiliate key (refa_live_…); answers only that affiliate's own records.
         */
        get: operations["affiliate-codes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliate/commissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The affiliate's own commissions, newest first
         * @description The affiliate's own commissions, newest first.
         *
         *     Needs an affiliate key (refa_live_…); answers only that affiliate's own records.
         */
        get: operations["affiliate-commissions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliate/conversions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The affiliate's own conversions, newest first (test conversions excluded)
         * @description The affiliate's own conversions, newest first (test conversions excluded).
         *
         *     Needs an affiliate key (refa_live_…); answers only that affiliate's own records.
         */
        get: operations["affiliate-conversions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliate/links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The affiliate's own referral links, newest first
         * @description The affiliate's own referral links, newest first.
         *
         *     Needs an affiliate key (refa_live_…); answers only that affiliate's own records.
         */
        get: operations["affiliate-links"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliate/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The affiliate key's own affiliate record
         * @description The affiliate key's own affiliate record.
         *
         *     Needs an affiliate key (refa_live_…); answers only that affiliate's own records.
         */
        get: operations["affiliate-me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliate/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The affiliate's own payouts with the commissions each settles, newest first
         * @description The affiliate's own payouts with the commissions each settles, newest first.
         *
         *     Needs an affiliate key (refa_live_…); answers only that affiliate's own records.
         */
        get: operations["affiliate-payouts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliate/recruits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The affiliate's recruit link and its recruits, newest first, with what it earned on each
         * @description recruit_url is the program's join page naming this affiliate: an applicant through it is its recruit, and it earns on the recruit by its group's recruiter terms (docs/groups-bounties-recruiters.md#recruiters-two-tier). earned: its live second-tier commissions on the recruit (clawbacks netted), per currency.
         *
         *     Needs an affiliate key (refa_live_…); answers only that affiliate's own records.
         */
        get: operations["affiliate-recruits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliate/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The affiliate's clicks, standing leads and sales, net revenue and commission totals (test conversions excluded)
         * @description The affiliate's clicks, standing leads and sales, net revenue and commission totals (test conversions excluded).
         *
         *     Needs an affiliate key (refa_live_…); answers only that affiliate's own records.
         */
        get: operations["affiliate-stats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List affiliates, newest first
         * @description List affiliates, newest first.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["affiliates-list"];
        put?: never;
        /**
         * Create an affiliate without sending an invitation (needs an e-mail or a name)
         * @description Create an affiliate without sending an invitation (needs an e-mail or a name).
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["affiliates-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an affiliate
         * @description Get an affiliate.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["affiliates-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update an affiliate's name, e-mail, ref code, payout e-mail, campaign, partner group or status (active approves), or hold its commissions
         * @description A new email must be no other affiliate's (compared case-insensitively), a new ref_code must be no other affiliate's ref code, old ref code or coupon code: else 409 invalid_state. The old ref code is kept as an alias, so ?ref=old and /r/old still credit this affiliate. recruited_by names the affiliate that recruited it, only while it has none, never itself (else invalid_request); another workspace's affiliate answers unknown_resource. commissions_held (an extension of the spec) holds the commissions: they stay approved, but no payout batch includes them until it is set back to false. Holding again keeps the first commissions_held_at. Emits affiliate.updated when something changed; a new group_id also affiliate.group_changed (a move never rewrites what it earned).
         *
         *     Needs a workspace key with the write scope (or *).
         */
        patch: operations["affiliates-update"];
        trace?: never;
    };
    "/affiliates/{id}/billing-customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The affiliate's own customers at billing providers
         * @description The affiliate's own customers at billing providers.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["affiliates-billingCustomers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliates/{id}/billing-customers/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set the affiliate's own customer at a billing provider
         * @description Rewards with delivery_target affiliate (account credit, free months) are delivered to this customer (docs/rewards-in-billing.md). customer_id null removes it.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        put: operations["affiliates-setBillingCustomer"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliates/{id}/codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The affiliate's coupon codes, newest first, active and inactive, each with its state in the providers
         * @description The affiliate's coupon codes, newest first, active and inactive, each with its state in the providers.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["affiliates-codes"];
        put?: never;
        /**
         * Give an active affiliate a coupon code: the one in `code`, or without it one generated from its ref code
         * @description The code is made in the connected providers by the sync job (sync_state pending until then). invalid_request: the text breaks the rules of docs/codes.md; invalid_state: the text is taken (by any code, inactive ones included, in any case, or by another affiliate's ref code), the affiliate is not active, or it holds 5 active codes.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["affiliates-createCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliates/{id}/codes/{code_id}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deactivate a coupon code: it stops working and is disabled (never deleted) in the providers; its text is never given out again
         * @description Idempotent: an inactive code is answered as it is.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["affiliates-deactivateCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliates/{id}/codes/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Link a code that already exists in Stripe (promotion code) or Paddle (discount) to the affiliate, instead of having Refcount create one
         * @description Reads the promotion code or discount through the provider's API key. Refused (invalid_state) without a key, when it is inactive there, already linked, or its text is already a code of this workspace; invalid_request when the provider has no such id or its text is not 3-32 letters and digits. Its discount stays the merchant's; Refcount deactivates it when the code is deactivated.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["affiliates-linkCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliates/{id}/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a read-only affiliate key (refa_live_) for the affiliate's own data; the token is shown once
         * @description Create a read-only affiliate key (refa_live_) for the affiliate's own data; the token is shown once.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["affiliates-createKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliates/{id}/keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an affiliate key: its next request answers 401
         * @description Revoke an affiliate key: its next request answers 401.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        delete: operations["affiliates-revokeKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliates/{id}/payout-method": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How the affiliate is paid and whether a batch can pay it: manual (the default), PayPal or Stripe Connect, with Stripe's reason when restricted
         * @description How the affiliate is paid and whether a batch can pay it: manual (the default), PayPal or Stripe Connect, with Stripe's reason when restricted.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["affiliates-payoutMethod"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliates/{id}/tax-form": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An affiliate's current tax form (W-9 or W-8BEN), its tax id masked
         * @description data is null when the affiliate has given no form. The tax id is never returned: tax_id_masked shows its last four characters. The full tax id is only in GET /v1/payouts/tax-export.csv.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["affiliates-taxForm"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliates/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve, reject, suspend, or move to a campaign or a partner group up to 100 affiliates at once (all or none)
         * @description Each affiliate changes as PATCH /v1/affiliates/{id} would change it (affiliate.updated, audit). A move_group also emits affiliate.group_changed. Any id outside the workspace, or an unknown campaign_id or group_id, answers 404 unknown_resource; then nothing changes.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["affiliates-bulkUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliates/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite an affiliate by e-mail (idempotent on the e-mail: 201 when created, 200 when it already existed)
         * @description Invite an affiliate by e-mail (idempotent on the e-mail: 201 when created, 200 when it already existed).
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["affiliates-invite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who changed what: the workspace’s audit log, newest first
         * @description Beyond the spec. Every management write (affiliates, campaigns, rules, rewards, products and policy, links, commission review, conversion changes and refunds, payouts, webhooks, settings, keys, team) and the jobs that move money (hold-period confirmation) leave one event, written in the same transaction as the change. Tracking calls (/v1/track/*, the browser collector, referral redirects) are not audited: their rows are their own ledger.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["auditEvents-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bounties": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's bounties, newest first
         * @description The workspace's bounties, newest first.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["bounties-list"];
        put?: never;
        /**
         * Create a bounty
         * @description performance: metric and target are required (else metric_required, target_required); submission: neither is taken. The reward is paid as a commission of kind bounty, once per affiliate and period (a calendar month or ISO week in the workspace's time zone, or once ever).
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["bounties-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bounties/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a bounty with its report
         * @description report: its submissions by status, the affiliates it rewarded and what it earned per currency (commissions not denied or reversed).
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["bounties-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a bounty's name, description, reward, target or dates
         * @description Type, metric, period and currency are fixed at creation. A new reward or target counts from now on: commissions earned stay as they are. An archived bounty answers 409 invalid_state; a target on a submission bounty, or ends_at not after starts_at, 400 invalid_request.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        patch: operations["bounties-update"];
        trace?: never;
    };
    "/bounties/{id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a bounty: no more evaluations or submissions
         * @description Its commissions and submissions stay as they are; pending submissions can still be reviewed. Archiving twice changes nothing.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["bounties-archive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bounties/{id}/submissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A bounty's submissions, newest first
         * @description A bounty's submissions, newest first.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["bounties-submissions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bounty-submissions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Approve or reject a bounty submission
         * @description approved: the bounty's commission (kind bounty) is written in the same transaction; rejected: rejection_reason is required (else rejection_reason_required) and nothing is earned; the affiliate may submit again. Only a pending submission can be reviewed (else 409 invalid_state), and an affiliate the bounty paid for that period already is 409 invalid_state too.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        patch: operations["bountySubmissions-review"];
        trace?: never;
    };
    "/broadcasts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The broadcasts sent, newest first, with how many of their e-mails wait, went out or failed
         * @description The broadcasts sent, newest first, with how many of their e-mails wait, went out or failed.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["broadcasts-list"];
        put?: never;
        /**
         * E-mail every active affiliate, or a campaign’s
         * @description Queues one e-mail a recipient (sent in batches with retries, each with a one-click unsubscribe); unsubscribed affiliates are left out. subject and text may use {{affiliate.name}}, {{affiliate.email}}, {{affiliate.ref_code}}, {{program.name}} and {{portal_url}}; an unknown variable is 400 invalid_request. campaign_id of no campaign of this workspace is 404 unknown_resource; more than 5000 recipients is 409 invalid_state.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["broadcasts-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List campaigns, newest first
         * @description List campaigns, newest first.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["campaigns-list"];
        put?: never;
        /**
         * Create a campaign
         * @description Create a campaign.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["campaigns-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaigns/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a campaign
         * @description Get a campaign.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["campaigns-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a campaign (status changes go through POST /campaigns/{id}/status)
         * @description Update a campaign (status changes go through POST /campaigns/{id}/status).
         *
         *     Needs a workspace key with the write scope (or *).
         */
        patch: operations["campaigns-update"];
        trace?: never;
    };
    "/campaigns/{id}/attribution-model": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change a campaign's attribution model
         * @description An extension of the spec: PATCH /v1/campaigns/{id} does not take attribution_model, so it changes here, as status does. It applies to conversions tracked from now on; past conversions keep their attribution.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["campaigns-setAttributionModel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaigns/{id}/commission-rule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A campaign's commission rules and the products redirected to its rate
         * @description A campaign's commission rules and the products redirected to its rate.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["commissionRules-get"];
        /**
         * Set a campaign's rate, optionally from a library reward
         * @description Upserts one rule by group, kind and scope (the catch-all, one interval, or one set of products). With `group_id` the rule is that partner group's override of the campaign's (docs/groups-bounties-recruiters.md#group-commission-rules); a group_id naming no group of the workspace answers 404 unknown_resource. Send either `library_reward_id` (with optional kind, product_ids, applies_to_interval) or the rule's own terms. Answers the same body as the GET.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        put: operations["commissionRules-set"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaigns/{id}/commission-rule/{rule_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove one commission rule of a campaign
         * @description Remove one commission rule of a campaign.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        delete: operations["commissionRules-delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaigns/{id}/commission-rule/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * What a sale would earn under the campaign's commission rules (writes nothing)
         * @description An extension of the spec. Needs only read access: it computes, it changes nothing (POST because the sale is described in a body). Runs the commission engine itself on the described sale: the product catalog policy (a product that is not commissionable earns nothing; a product redirected to another campaign earns that campaign's rate), then the rule by precedence (product, interval, default), then the rule's length. `period_index` counts billing periods since the customer's first attributed payment (months; years when `interval` is year). A tracked sale with the same facts creates a commission of exactly this amount.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        post: operations["commissionRules-preview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaigns/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Activate, pause or archive a campaign
         * @description Activate, pause or archive a campaign.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["campaigns-setStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/commissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List commissions, newest first
         * @description Commissions of test conversions are listed only with include_test=true or a conversion_id filter.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["commissions-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/commissions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a commission
         * @description Get a commission.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["commissions-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Approve, deny or adjust a commission
         * @description At least one of status and amount (else status_required). Paid, reversed, clawback and in-payout commissions answer 409 invalid_state.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        patch: operations["commissions-update"];
        trace?: never;
    };
    "/commissions/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve or deny many commissions at once (all or none)
         * @description Any id outside the workspace answers 404 unknown_resource, any paid, reversed, clawback or in-payout commission 409 invalid_state; then nothing changes.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["commissions-bulkReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conversions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List conversions, newest first (test conversions only with include_test=true)
         * @description List conversions, newest first (test conversions only with include_test=true).
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["conversions-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conversions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a conversion
         * @description Get a conversion.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["conversions-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Re-attribute a conversion or change its status (reversal states claw back commissions)
         * @description Re-attribute a conversion or change its status (reversal states claw back commissions).
         *
         *     Needs a workspace key with the write scope (or *).
         */
        patch: operations["conversions-update"];
        trace?: never;
    };
    "/conversions/{id}/attribution": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Explain how a conversion was attributed: candidate touches, method, rule and commission
         * @description Explain how a conversion was attributed: candidate touches, method, rule and commission.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["conversions-attribution"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conversions/{id}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund a conversion by id, in full or in part, clawing back its commissions
         * @description Extension of the spec: the body of POST /v1/track/refund ({ amount?, reason? }, amount being the total refunded so far) applied to the conversion addressed by id instead of by external_id, with the same refund rule. A total at or below what is already refunded changes nothing. An amount above the sale, or a lead, is 422 conversion_failed and changes nothing.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["conversions-refund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/email-templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The affiliate e-mails: each kind, whether it is on, and its wording
         * @description Every kind is listed, with the default wording until it is changed (docs/emails.md#kinds).
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["emailTemplates-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/email-templates/{kind}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Turn an affiliate e-mail on or off, or change its wording
         * @description subject and text may use the {{variables}} the kind lists; an unknown one is refused (400 invalid_request naming it). null puts back the default wording.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        patch: operations["emailTemplates-update"];
        trace?: never;
    };
    "/email-templates/{kind}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Render an affiliate e-mail with sample values
         * @description Renders the saved wording, or the subject and text given (a draft, checked as a save checks it), with sample values and the program branding. Nothing is saved or sent.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        post: operations["emailTemplates-preview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/embed-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign a one-hour token for a user's embedded referral page, making them an affiliate if needed (201 when created, 200 when found)
         * @description Call from your server, never the browser. tenant_id (your own id for the user, unique per workspace) finds the affiliate; else email finds one that has no tenant_id yet (it takes yours); else a new affiliate is made as POST /v1/affiliates makes one (active or pending per auto_approve_affiliates, the default campaign unless campaign_id, affiliate.created). email, name and campaign_id only fill a new affiliate. 201 when the affiliate was created, 200 when it existed; each call signs a new token.
         *
         *     The token opens `url` for one hour, only for this affiliate of this workspace, only framed by `origin` (one of the settings' embed_origins, required when they list more than one). Suspending or rejecting the affiliate, or removing the origin, ends its tokens at once; a pending affiliate gets a token (the page says the application is being reviewed).
         *
         *     Errors: tenant_id_required (neither tenant_id nor email), origin_required (several embed_origins and none named), invalid_request (origin not among embed_origins, or a malformed field; detail names it), unknown_resource (campaign_id not in the workspace), invalid_state (no embed_origins yet; the affiliate is suspended or rejected; the e-mail belongs to an affiliate with another tenant_id).
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["embedTokens-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's partner groups, the default first, each with its affiliate count
         * @description The workspace's partner groups, the default first, each with its affiliate count.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["groups-list"];
        put?: never;
        /**
         * Create a partner group
         * @description A slug already used by another group of the workspace, or a workspace already holding 100 groups, answers 409 invalid_state. See docs/groups-bounties-recruiters.md#groups.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["groups-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/groups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a partner group, with its affiliate count
         * @description Get a partner group, with its affiliate count.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["groups-get"];
        put?: never;
        post?: never;
        /**
         * Delete a partner group (never the default one)
         * @description The default group answers 409 invalid_state. A group with affiliates answers 409 invalid_state unless move_to_group_id names the workspace's group they all move to (404 unknown_resource when it names none); the group's commission rule overrides are deleted with it. See docs/groups-bounties-recruiters.md#deleting-a-group.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        delete: operations["groups-delete"];
        options?: never;
        head?: never;
        /**
         * Change a partner group's name, slug, auto-approval, discount or recruiter terms, or make it the default
         * @description is_default true makes this group the default (new affiliates start there) and the former default an ordinary group; false on the default group is invalid_request (make another the default instead). A slug another group uses answers 409 invalid_state.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        patch: operations["groups-update"];
        trace?: never;
    };
    "/links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List referral links, newest first
         * @description List referral links, newest first.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["links-list"];
        put?: never;
        /**
         * Create a referral link for an affiliate; campaign, ref param and destination default from the affiliate's campaign
         * @description Create a referral link for an affiliate; campaign, ref param and destination default from the affiliate's campaign.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["links-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/move-rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's move rules, by group then priority
         * @description The workspace's move rules, by group then priority.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["moveRules-list"];
        put?: never;
        /**
         * Create a move rule: affiliates of a group whose totals pass its conditions move to another group
         * @description A group of another workspace answers unknown_resource; a target equal to the group, invalid_request; more than 100 rules in the workspace, invalid_state.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["moveRules-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/move-rules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a move rule
         * @description Get a move rule.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["moveRules-get"];
        put?: never;
        post?: never;
        /**
         * Delete a move rule (the affiliates it moved stay where they are)
         * @description Delete a move rule (the affiliates it moved stay where they are).
         *
         *     Needs a workspace key with the write scope (or *).
         */
        delete: operations["moveRules-delete"];
        options?: never;
        head?: never;
        /**
         * Change a move rule's groups, conditions, priority or activity
         * @description Affiliates the rule already moved are not moved by it again. A group of another workspace answers unknown_resource; a target equal to the group, invalid_request.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        patch: operations["moveRules-update"];
        trace?: never;
    };
    "/move-rules/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Evaluate the workspace's move rules now
         * @description Evaluates up to 5,000 active affiliates of groups with active rules and moves those a rule matches; `more`: the rest is evaluated by the next run (or tonight).
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["moveRules-run"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payout-batches/{id}/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a batch's payouts through their rails (Stripe Connect, PayPal Payouts)
         * @description Needs the payouts scope and confirm: true. Each pending line whose affiliate has a ready Stripe Connect method becomes processing, then paid (provider_ref: the transfer) or failed (failure_reason; its commissions are released). Lines of a confirmed PayPal method become processing and go in one PayPal payout per 15,000 lines; each is paid, failed or returned later, as PayPal reports its item (docs/paying-affiliates.md#paypal-payouts). Manual lines stay pending for the CSV; a line in a currency the rail cannot pay stays pending with its reason. A batch is sent once: again answers 409 invalid_state. batch_id is on each payout POST /v1/payouts made. See docs/paying-affiliates.md#sending-a-batch.
         *
         *     Needs a workspace key with the payouts scope (or *): write alone cannot send money.
         */
        post: operations["payouts-sendBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payouts with the commissions each settles, newest first
         * @description List payouts with the commissions each settles, newest first.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["payouts-list"];
        put?: never;
        /**
         * Batch each affiliate's approved, past-hold commissions into pending payouts
         * @description One payout per affiliate and currency, clawbacks netted. Groups whose net is not positive or is below the workspace min_payout are skipped; their commissions carry over. Answers the payouts created (possibly none).
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["payouts-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payouts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a payout with the commissions it settles
         * @description Get a payout with the commissions it settles.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["payouts-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payouts/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a pending payout paid, failed or canceled
         * @description paid: its commissions become paid. failed or canceled: its commissions are released (still approved) for the next batch. reference (optional, up to 200 characters) keeps your note of the payment, e.g. the PayPal transaction id or the bank reference. Any payout that is not pending answers 409 invalid_state. A payout marked paid here can be set back to pending within 24 hours: POST /v1/payouts/{id}/undo.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["payouts-setStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payouts/{id}/undo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a payout marked paid by hand back to pending, within 24 hours
         * @description Only a payout marked paid with POST /v1/payouts/{id}/status (or bulk-status), within 24 hours of its paid_at (see undo_until): it is pending again, its commissions approved inside it as before, its reference cleared. A payout Stripe Connect or PayPal paid, one past the 24 hours, or one that is not paid answers 409 invalid_state saying why.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["payouts-undo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payouts/bulk-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark many pending payouts paid, failed or canceled at once (all or none)
         * @description Up to 100 ids, one status and an optional reference (kept on each payout), in one transaction. Any id outside the workspace answers 404 unknown_resource, any payout that is not pending 409 invalid_state; then nothing changes. Each payout moves as with POST /v1/payouts/{id}/status.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["payouts-bulkStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payouts/export-currencies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The currencies of the pending payouts to export, with their count and total
         * @description PayPal takes one currency per file: download GET /v1/payouts/export.csv?currency= once per currency listed here. Counts the pending payouts the file would hold (not those of affiliates paid through Stripe Connect); payouts of affiliates without any e-mail are counted but left out of the file.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["payouts-exportCurrencies"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payouts/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The pending payouts as a PayPal Payouts CSV file (text/csv)
         * @description No header row. Each line: recipient (payout_email, else email), amount in major units, currency (upper case), empty customer id, note "Refcount payout <id>", wallet PAYPAL. PayPal takes one currency per file: filter with currency. Payouts of affiliates without any e-mail are left out. At most 15,000 lines (the oldest pending payouts; PayPal takes up to 15,000 per file): mark them paid, then export the rest.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["payouts-exportCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payouts/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The payout batch POST /v1/payouts would create now, and who it would leave out and why
         * @description An extension of the spec. Runs the same selection as POST /v1/payouts (approved, past-hold cash commissions in no payout; one group per affiliate and currency, clawbacks netted) and writes nothing. Groups left out carry a reason: commissions_held, no_payout_method, net_not_positive, below_min_payout or tax_form_required; `waiting` lists the unpaid commissions that are not due yet (not_approved, in_hold_period) with the earliest moment they can be paid. A batch created afterwards matches it unless commissions change in between.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["payouts-preview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payouts/tax-export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Year-end 1099-NEC import file: US payees paid above the threshold (text/csv, contains tax ids)
         * @description An extension of the spec. Needs the write scope (a read-only key cannot pull tax ids). A header row, then one line per affiliate whose current tax form is a W-9 and whose payouts paid in `year` (UTC, by paid_at, in the workspace currency) sum above tax_form_threshold: Recipient Name, Recipient TIN (unsealed: the only place it appears), Address Line 1, Address Line 2, City, State, ZIP, Country, Box 1 Nonemployee Compensation (major units), Tax Year, Account Number (the affiliate id).
         *
         *     Needs a workspace key with the write scope (or *).
         */
        get: operations["payouts-taxExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The product catalog, newest first
         * @description The product catalog, newest first.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["products-list"];
        put?: never;
        /**
         * Add a product to the catalog
         * @description Add a product to the catalog.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["products-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a product by the service's uuid or the provider's product id
         * @description Get a product by the service's uuid or the provider's product id.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["products-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Rename a product, make it (non-)commissionable, or redirect it to a campaign
         * @description Rename a product, make it (non-)commissionable, or redirect it to a campaign.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        patch: operations["products-update"];
        trace?: never;
    };
    "/products/policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Policy for products absent from the catalog
         * @description Policy for products absent from the catalog.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["products-getPolicy"];
        /**
         * Set the policy for products absent from the catalog
         * @description Set the policy for products absent from the catalog.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        put: operations["products-setPolicy"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reports/affiliates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Affiliate leaderboard over a range, by revenue, conversions or commissions
         * @description Affiliate leaderboard over a range, by revenue, conversions or commissions.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["reports-affiliates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reports/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Campaign breakdown over a range, by revenue, conversions or commissions
         * @description An extension of the spec: the affiliate leaderboard per campaign instead, from the same daily rollups and filters.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["reports-campaigns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reports/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Per partner group over a range: affiliates, clicks, conversions, revenue and commissions per currency
         * @description An extension of the spec. Activity counts under the group each affiliate is in now. The range defaults to the last 30 days and spans at most 3660 days (else 400 invalid_request); campaign_id and affiliate_id narrow it. See docs/groups-bounties-recruiters.md#report-per-group.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["reports-groups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reports/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Totals over a date range (default: the last 30 days), from the daily rollups
         * @description Totals over a date range (default: the last 30 days), from the daily rollups.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["reports-summary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reports/timeseries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One metric per day, week or month over a range, empty buckets as 0
         * @description One metric per day, week or month over a range, empty buckets as 0.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["reports-timeseries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rewards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The reward library, newest first
         * @description The reward library, newest first.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["rewards-list"];
        put?: never;
        /**
         * Add a reward to the library
         * @description Add a reward to the library.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["rewards-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rewards/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a library reward
         * @description Get a library reward.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["rewards-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Rename, retype, change the terms of, archive or restore a library reward
         * @description Given terms are merged into the current ones; switching is_flat needs a new amount. Rules already copied from the reward keep their terms.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        patch: operations["rewards-update"];
        trace?: never;
    };
    "/risk/assessments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Assess an affiliate now
         * @description Measures the signals over the last 30 days, scores them and records the assessment (history is kept). A high or critical result emits risk.flagged.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["risk-assess"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/risk/assessments/{id}/dismiss": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Dismiss an assessment as a false positive
         * @description Sets dismissed_at (kept from the first dismissal when repeated); the affiliate drops out of GET /risk/flags until a newer assessment.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["risk-dismiss"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/risk/flags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Each affiliate's newest risk assessment, newest first, with the affiliate embedded
         * @description Dismissed assessments are left out unless include_dismissed=true. The engine only records assessments: it never changes an affiliate.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["risk-flags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's program settings
         * @description The workspace's program settings.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["settings-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the workspace's program settings
         * @description A new hold_days applies to every commission not yet paid or batched (its sale time + the new hold). program_name, logo_url, brand_color, terms_url and join_slug (additions to the spec) brand the affiliate portal and the public join page; null clears one. disposable_email_policy says what the join page does with applications from disposable e-mail domains. embed_origins lists the origins that may frame the embedded referral page (POST /v1/embed-tokens issues tokens for one of them; removing one ends its tokens at once); duplicates are kept once. A join_slug another workspace uses is 409 invalid_state.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        patch: operations["settings-update"];
        trace?: never;
    };
    "/track/click": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a click (ok: false when the affiliate or campaign is not active)
         * @description Record a click (ok: false when the affiliate or campaign is not active).
         *
         *     Needs a workspace key with the track scope (or *).
         */
        post: operations["track-click"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/track/lead": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a lead (idempotent on external_id)
         * @description Record a lead (idempotent on external_id).
         *
         *     Needs a workspace key with the track scope (or *).
         */
        post: operations["track-lead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/track/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund a conversion by external_id (idempotent; amount is the total refunded so far)
         * @description Refund a conversion by external_id (idempotent; amount is the total refunded so far).
         *
         *     Needs a workspace key with the track scope (or *).
         */
        post: operations["track-refund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/track/sale": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a sale and compute its commission (idempotent on external_id)
         * @description Record a sale and compute its commission (idempotent on external_id).
         *
         *     Needs a workspace key with the track scope (or *).
         */
        post: operations["track-sale"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints, newest first
         * @description List webhook endpoints, newest first.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["webhooks-list"];
        put?: never;
        /**
         * Subscribe an endpoint to events; the answer alone carries its signing secret
         * @description The URL must be https and resolve to public addresses only (checked again on every delivery). Deliveries are signed per Standard Webhooks with the returned whsec_ secret.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["webhooks-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description Get a webhook endpoint.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["webhooks-get"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint and its delivery log
         * @description Delete a webhook endpoint and its delivery log.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        delete: operations["webhooks-delete"];
        options?: never;
        head?: never;
        /**
         * Update a webhook endpoint
         * @description Setting active to true also turns back on an endpoint that delivery disabled (410 Gone, or 5 days of failures).
         *
         *     Needs a workspace key with the write scope (or *).
         */
        patch: operations["webhooks-update"];
        trace?: never;
    };
    "/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An endpoint's deliveries, newest first: status, attempts, last response and next attempt
         * @description An endpoint's deliveries, newest first: status, attempts, last response and next attempt.
         *
         *     Needs a workspace key with the read scope (or *; a key with no scopes reads too).
         */
        get: operations["webhooks-deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/deliveries/{delivery_id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again now (same webhook-id) and answer with its updated record
         * @description One attempt, made during the call, even to a disabled endpoint; scheduled retries of a pending delivery are kept.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["webhooks-redeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the signing secret; the old one keeps signing beside the new one for 24 h
         * @description The new secret is in this answer only. Until the overlap ends, webhook-signature carries one v1 signature per secret.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["webhooks-rotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a signed ping event to this endpoint now and answer with the delivery
         * @description One attempt, made during the call (up to the 10 s delivery timeout); a failed ping is not retried.
         *
         *     Needs a workspace key with the write scope (or *).
         */
        post: operations["webhooks-test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Affiliate: {
            approved_at: string | null;
            campaign_id: string | null;
            /** @description true while a manager holds the commissions: payout batches skip them */
            commissions_held: boolean;
            /** @description when the hold began (kept when repeated); null when not held */
            commissions_held_at: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            email: string | null;
            /**
             * Format: uuid
             * @description its partner group (docs/groups-bounties-recruiters.md#groups)
             */
            group_id: string;
            /** Format: uuid */
            id: string;
            name: string | null;
            payout_email: string | null;
            recruited_at: string | null;
            /** @description the affiliate that recruited it, which earns on it by its group's recruiter terms (docs/groups-bounties-recruiters.md#recruiters-two-tier) */
            recruited_by: string | null;
            ref_code: string;
            /** @enum {string} */
            status: "pending" | "active" | "rejected" | "suspended";
        };
        AffiliateBillingCustomer: {
            customer_id: string;
            provider: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            updated_at: string;
        };
        AffiliateBounty: {
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            /** @description lower-case ISO 4217 code */
            currency: string;
            description: string;
            ends_at: string | null;
            /** Format: uuid */
            id: string;
            /** @description performance only */
            metric: ("clicks" | "leads" | "sales" | "revenue" | "commissions") | null;
            name: string;
            /**
             * @description once ever, or once per calendar month / ISO week in the workspace's time zone
             * @enum {string}
             */
            period: "all_time" | "month" | "week";
            /** @description the current period */
            progress: {
                /** @description the bounty paid this period already */
                earned: boolean;
                /** @description first day counted (workspace time zone) */
                from: string;
                period_key: string;
                /**
                 * Format: int32
                 * @description hundredths of a percent of the target (submission: 10000 once approved)
                 */
                progress: number;
                /** @description last day counted */
                to: string;
                /** @description performance: the metric so far in the period */
                total: number | null;
            };
            /**
             * Format: int64
             * @description minor units of currency, paid as a commission of kind bounty
             */
            reward_amount: number;
            starts_at: string | null;
            /** @description the latest ten of its own submissions */
            submissions: components["schemas"]["BountySubmission"][];
            /** @description performance only: a count, or minor units for revenue and commissions */
            target: number | null;
            /**
             * @description performance: reach `target` of `metric` in a period; submission: approved proof
             * @enum {string}
             */
            type: "performance" | "submission";
        };
        AffiliateClick: {
            /** Format: uuid */
            campaign_id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            match_method: "cookie" | "fingerprint" | "ip" | "new";
            referrer: string | null;
            url: string | null;
            visitor_id: string;
        };
        AffiliateCode: {
            /** Format: uuid */
            affiliate_id: string;
            /** @description as typed at checkout (any case matches) and as created in Stripe and Paddle */
            code: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            deactivated_at: string | null;
            /** @description affiliate_inactive codes come back when the affiliate is active again; the others stay inactive */
            deactivated_reason: ("deactivated" | "renamed" | "affiliate_inactive") | null;
            /** Format: uuid */
            id: string;
            /**
             * @description generated from the ref code, chosen by the manager or the affiliate, or linked from a provider
             * @enum {string}
             */
            source: "generated" | "manager" | "affiliate" | "linked";
            /**
             * @description inactive codes keep their text: it is never given to another affiliate
             * @enum {string}
             */
            status: "active" | "inactive";
            sync_error: string | null;
            /**
             * @description pending until the connected providers have followed the last change; failed: see sync_error
             * @enum {string}
             */
            sync_state: "pending" | "synced" | "failed";
        };
        AffiliateInvite: {
            /** Format: uuid */
            affiliate_id: string;
            /** @description false when the e-mail was already an affiliate (the same record is returned) */
            created: boolean;
            email: string;
            ref_code: string;
            /** @description true when a variant was minted because the code was taken */
            ref_code_changed: boolean;
            /** @enum {string} */
            status: "pending" | "active" | "rejected" | "suspended";
        };
        AffiliateKey: {
            /** Format: uuid */
            affiliate_id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            /** Format: uuid */
            id: string;
            name: string | null;
            /** @description first characters of the token, for display */
            start: string;
        };
        AffiliateKeyWithToken: {
            /** Format: uuid */
            affiliate_id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            /** Format: uuid */
            id: string;
            name: string | null;
            /** @description first characters of the token, for display */
            start: string;
            /** @description the refa_live_ token; shown only in this response */
            token: string;
        };
        AffiliateRecruit: {
            earned: {
                /**
                 * Format: int64
                 * @description minor currency units
                 */
                amount: number;
                /** @description lower-case ISO 4217 code */
                currency: string;
            }[];
            /** Format: uuid */
            id: string;
            name: string | null;
            recruited_at: string | null;
            /** @enum {string} */
            status: "pending" | "active" | "rejected" | "suspended";
        };
        AffiliateStats: {
            /** Format: int64 */
            clicks: number;
            /** @description in `currency` (the workspace currency) only */
            commissions: {
                /**
                 * Format: int64
                 * @description minor currency units
                 */
                approved: number;
                /**
                 * Format: int64
                 * @description minor currency units
                 */
                paid: number;
                /**
                 * Format: int64
                 * @description minor currency units
                 */
                pending: number;
            };
            /** @description the same totals in every currency the affiliate earned in, the workspace currency first (an addition) */
            commissions_by_currency: {
                /**
                 * Format: int64
                 * @description minor currency units
                 */
                approved: number;
                /** @description lower-case ISO 4217 code */
                currency: string;
                /**
                 * Format: int64
                 * @description minor currency units
                 */
                paid: number;
                /**
                 * Format: int64
                 * @description minor currency units
                 */
                pending: number;
            }[];
            /** @description lower-case ISO 4217 code */
            currency: string;
            /** Format: int64 */
            leads: number;
            /**
             * Format: int64
             * @description minor currency units
             */
            revenue: number;
            /** Format: int64 */
            sales: number;
        };
        Attribution: {
            /** @description commission computed, minor currency units */
            amount: number | null;
            code: components["schemas"]["AttributionCode"];
            confidence: number | null;
            /** Format: uuid */
            conversion_id: string;
            currency: string | null;
            /** @description how the conversion found its affiliate: customer, code, cookie, fingerprint, ip, manual_code, ref… */
            method: string | null;
            /** @description attribution model applied: last_click or first_click */
            model: string | null;
            /** @description why nothing or something unusual was computed */
            reason: string | null;
            /** @description what a percent rule applied to (docs/commissions.md#revenue-basis); null for a flat rule, no rule, or a conversion recorded before it was shown */
            revenue_basis: components["schemas"]["RevenueBasis"] | null;
            /** @description the commission rule that won, or null */
            rule: ({
                id?: string | null;
                kind?: string | null;
                name?: string | null;
            } & {
                [key: string]: unknown;
            }) | null;
            /** @description candidate clicks inside the cookie window */
            touches: components["schemas"]["AttributionTouch"][];
        } & {
            [key: string]: unknown;
        };
        /** @description the affiliate code that attributed it (method code): its id (GET /v1/affiliates/{id}/codes) and its text */
        AttributionCode: ({
            code: string;
            id: string;
        } & {
            [key: string]: unknown;
        }) | null;
        AttributionTouch: {
            affiliate_id?: string | null;
            /** @description the touch that won under the campaign model */
            chosen?: boolean | null;
            click_id?: string | null;
            match_method?: string | null;
            ts?: string | null;
        } & {
            [key: string]: unknown;
        };
        AuditEvent: {
            /** @description <target>.<verb>, e.g. campaign.updated, workspace_key.revoked, payout.paid */
            action: string;
            actor: {
                /** @description the user, key or affiliate id; for system the job name, e.g. conversions.confirm or cli */
                id: string;
                /** @description who, in words: the user's e-mail, the key's name and token start, the affiliate's e-mail (or name); null for system, and for a user, key or affiliate since removed */
                name: string | null;
                /**
                 * @description user (dashboard), api_key (sa_live_ key), affiliate (portal, own keys) or system (a job or the command line)
                 * @enum {string}
                 */
                type: "user" | "api_key" | "affiliate" | "system";
                /** @description mcp: the key acted through a tool of the MCP server (/mcp or npx refcount mcp); null otherwise */
                via: "mcp" | null;
            };
            /** @description what changed: `after` for a record created, `before` for one removed, both (changed fields only) for an update; never secrets */
            changes: {
                [key: string]: unknown;
            };
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            /** Format: uuid */
            id: string;
            target: {
                id: string | null;
                type: string;
            };
        };
        Bounty: {
            archived: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            /** @description lower-case ISO 4217 code */
            currency: string;
            description: string;
            ends_at: string | null;
            /** Format: uuid */
            id: string;
            /** @description performance only */
            metric: ("clicks" | "leads" | "sales" | "revenue" | "commissions") | null;
            name: string;
            /**
             * @description once ever, or once per calendar month / ISO week in the workspace's time zone
             * @enum {string}
             */
            period: "all_time" | "month" | "week";
            /**
             * Format: int64
             * @description minor units of currency, paid as a commission of kind bounty
             */
            reward_amount: number;
            starts_at: string | null;
            /** @description performance only: a count, or minor units for revenue and commissions */
            target: number | null;
            /**
             * @description performance: reach `target` of `metric` in a period; submission: approved proof
             * @enum {string}
             */
            type: "performance" | "submission";
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            updated_at: string;
        };
        BountyDetail: {
            archived: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            /** @description lower-case ISO 4217 code */
            currency: string;
            description: string;
            ends_at: string | null;
            /** Format: uuid */
            id: string;
            /** @description performance only */
            metric: ("clicks" | "leads" | "sales" | "revenue" | "commissions") | null;
            name: string;
            /**
             * @description once ever, or once per calendar month / ISO week in the workspace's time zone
             * @enum {string}
             */
            period: "all_time" | "month" | "week";
            report: components["schemas"]["BountyReport"];
            /**
             * Format: int64
             * @description minor units of currency, paid as a commission of kind bounty
             */
            reward_amount: number;
            starts_at: string | null;
            /** @description performance only: a count, or minor units for revenue and commissions */
            target: number | null;
            /**
             * @description performance: reach `target` of `metric` in a period; submission: approved proof
             * @enum {string}
             */
            type: "performance" | "submission";
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            updated_at: string;
        };
        BountyReport: {
            /**
             * Format: int64
             * @description affiliates with a bounty commission not denied
             */
            affiliates_rewarded: number;
            /** @description the bounty commissions not denied or reversed, per currency */
            earned: {
                /** Format: int64 */
                amount: number;
                /** @description lower-case ISO 4217 code */
                currency: string;
            }[];
            submissions: {
                /** Format: int64 */
                approved: number;
                /** Format: int64 */
                pending: number;
                /** Format: int64 */
                rejected: number;
            };
        };
        BountySubmission: {
            /** Format: uuid */
            affiliate_id: string;
            /** Format: uuid */
            bounty_id: string;
            /** @description the bounty commission its approval earned */
            commission_id: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            /** Format: uuid */
            id: string;
            /** @description the bounty's period it counts for: all, 2026-11 or 2026-W48 */
            period_key: string;
            proof_text: string | null;
            proof_url: string | null;
            rejection_reason: ("not_eligible" | "insufficient_proof" | "duplicate" | "other") | null;
            review_note: string | null;
            reviewed_at: string | null;
            /** @enum {string} */
            status: "pending" | "approved" | "rejected";
        };
        Broadcast: {
            /** @description null: every active affiliate */
            campaign_id: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            /**
             * Format: int64
             * @description failed for good after every retry
             */
            failed: number;
            /** Format: uuid */
            id: string;
            /**
             * Format: int64
             * @description waiting or being retried
             */
            queued: number;
            /** Format: int64 */
            recipients: number;
            /** Format: int64 */
            sent: number;
            subject: string;
            text: string;
        };
        Campaign: {
            additional_referral_links: string[];
            /** @enum {string} */
            attribution_model: "last_click" | "first_click";
            /**
             * @description click: a click inside the window beats a code typed at checkout (the documented order); code: the code wins
             * @enum {string}
             */
            code_precedence: "click" | "code";
            /** @description the sale amount is always after discount; these take tax and fees off too */
            commission_basis: {
                /** @description commission on the sale less the provider's fees, when the provider reports them */
                exclude_fees: boolean;
                /** @description commission on the sale less the tax it reports */
                exclude_tax: boolean;
            };
            /** Format: int64 */
            cookie_window_days: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            /** @description what the affiliates' codes give the customer; null: codes give no discount */
            customer_discount: {
                /** @description percent: 0 < amount <= 100, at most 2 decimals; amount: integer minor units of currency */
                amount: number;
                currency: string | null;
                /**
                 * @description once: the first invoice; repeating: duration_months months; forever
                 * @enum {string}
                 */
                duration: "once" | "repeating" | "forever";
                duration_months: number | null;
                /** @enum {string} */
                type: "percent" | "amount";
            } | null;
            destination_url: string | null;
            /** Format: uuid */
            id: string;
            name: string;
            ref_param: string;
            /** @enum {string} */
            status: "active" | "paused" | "archived";
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            updated_at: string;
        };
        ClickResult: {
            match_confidence: number | null;
            match_method: ("cookie" | "fingerprint" | "ip" | "new") | null;
            ok: boolean;
            visitor_id: string | null;
        };
        CodeProviderObject: {
            active: boolean;
            /** @description Stripe: the coupon the promotion code applies */
            coupon_id: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            /** @description refcount, or merchant when deactivated in the provider (Refcount leaves it so) */
            deactivated_by: ("refcount" | "merchant") | null;
            /** @description promo_… (Stripe promotion code) or dsc_… (Paddle discount) */
            object_id: string;
            /** @enum {string} */
            provider: "stripe" | "paddle";
        };
        Commission: {
            /** Format: uuid */
            affiliate_id: string;
            /**
             * Format: int64
             * @description minor currency units; negative for a clawback
             */
            amount: number;
            /** @description the bounty it pays (kind bounty); docs/groups-bounties-recruiters.md#bounties */
            bounty_id: string | null;
            /** @description null for a bounty commission (kind bounty) and a recruiter's flat reward on a recruit's approval: no sale made them */
            conversion_id: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            /** @description lower-case ISO 4217 code */
            currency: string;
            /** Format: uuid */
            id: string;
            /**
             * @description earning: a sale's; clawback: the negative counterpart of a paid commission whose conversion was reversed; bounty: a bounty's reward, tied to no sale; recruiter: a second-tier line on a recruit's commission or approval (docs/commissions.md)
             * @enum {string}
             */
            kind: "earning" | "clawback" | "bounty" | "recruiter";
            /** Format: int64 */
            period_index: number;
            /** @description kind recruiter, and its clawbacks: the recruit it was earned on; docs/groups-bounties-recruiters.md#recruiters-two-tier */
            recruit_id: string | null;
            /** @enum {string} */
            status: "pending" | "approved" | "denied" | "paid" | "reversed";
        };
        CommissionDetail: {
            /** Format: uuid */
            affiliate_id: string;
            /**
             * Format: int64
             * @description minor currency units; negative for a clawback
             */
            amount: number;
            /** @description the bounty it pays (kind bounty); docs/groups-bounties-recruiters.md#bounties */
            bounty_id: string | null;
            /**
             * Format: int64
             * @description what the rule computed; amount differs when overridden
             */
            computed_amount: number;
            /** @description null for a bounty commission (kind bounty) and a recruiter's flat reward on a recruit's approval: no sale made them */
            conversion_id: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            /** @description lower-case ISO 4217 code */
            currency: string;
            hold_until: string | null;
            /** Format: uuid */
            id: string;
            /**
             * @description earning: a sale's; clawback: the negative counterpart of a paid commission whose conversion was reversed; bounty: a bounty's reward, tied to no sale; recruiter: a second-tier line on a recruit's commission or approval (docs/commissions.md)
             * @enum {string}
             */
            kind: "earning" | "clawback" | "bounty" | "recruiter";
            payout_id: string | null;
            /** Format: int64 */
            period_index: number;
            /** @description kind recruiter, and its clawbacks: the recruit it was earned on; docs/groups-bounties-recruiters.md#recruiters-two-tier */
            recruit_id: string | null;
            /** @description the reward delivered in the billing system, null when paid out */
            reward_delivery: components["schemas"]["RewardDelivery"] | null;
            /** @enum {string} */
            reward_type: "cash" | "non_cash";
            rule_id: string | null;
            /** @enum {string} */
            status: "pending" | "approved" | "denied" | "paid" | "reversed";
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            updated_at: string;
        };
        CommissionPreview: {
            /**
             * Format: int64
             * @description commission, minor currency units; 0 when nothing is earned
             */
            amount: number;
            /** @description lower-case ISO 4217 code */
            currency: string;
            /** @description the campaign whose rules apply: another one when the product is redirected */
            rate_campaign_id: string | null;
            /** @description the same, in words */
            reason: string;
            /** @description rule, no_rule, product_not_commissionable, unmapped_product, one_time_rule_after_first_payment or limited_rule_expired */
            reason_code: string;
            /** @description what a percent rule applies to under the campaign's commission_basis; null for a flat rule or none */
            revenue_basis: components["schemas"]["RevenueBasis"] | null;
            /** @description the rule the sale earns by, null when none applies */
            rule_id: string | null;
            rule_kind: ("default" | "product" | "interval") | null;
            rule_name: string | null;
        };
        CommissionRule: {
            amount: number;
            /** @enum {string} */
            applies_to_interval: "any" | "one_time" | "month" | "year";
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            currency: string | null;
            /**
             * @description payout (default: paid by payouts, cash or non-cash), account_credit (the commission as billing credit) or free_months
             * @enum {string}
             */
            delivery: "payout" | "account_credit" | "free_months";
            delivery_months: number | null;
            /**
             * @description who gets account credit or free months: the referred customer (default) or the affiliate as a billing customer
             * @enum {string}
             */
            delivery_target: "customer" | "affiliate";
            /** @description the partner group whose override this is; null: the campaign's own rule (docs/groups-bounties-recruiters.md#group-commission-rules) */
            group_id: string | null;
            /** Format: uuid */
            id: string;
            is_flat: boolean;
            /** @enum {string} */
            kind: "default" | "product" | "interval";
            length_months: number | null;
            /** @enum {string} */
            length_type: "one_time" | "limited" | "lifetime";
            name: string;
            product_ids: string[];
            /** @description the library reward the terms were copied from */
            reward_id: string | null;
            /** @enum {string} */
            reward_type: "cash" | "non_cash";
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            updated_at: string;
        };
        Conversion: {
            /** Format: uuid */
            affiliate_id: string;
            /**
             * Format: int64
             * @description minor currency units
             */
            amount: number;
            /** Format: uuid */
            campaign_id: string;
            /** @description lower-case ISO 4217 code */
            currency: string;
            customer_id: string | null;
            external_id: string;
            /** Format: uuid */
            id: string;
            interval: ("one_time" | "month" | "year") | null;
            product_id: string | null;
            /**
             * Format: int64
             * @description minor currency units
             */
            refunded_amount: number;
            /** @enum {string} */
            status: "pending" | "confirmed" | "reversed" | "refunded" | "chargeback";
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            ts: string;
            /** @enum {string} */
            type: "lead" | "sale";
        };
        ConversionDetail: {
            /** Format: uuid */
            affiliate_id: string;
            /**
             * Format: int64
             * @description minor currency units
             */
            amount: number;
            /** Format: uuid */
            campaign_id: string;
            /** @description the Stripe Connect account (acct_…) whose event made it */
            connected_account: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            /** @description lower-case ISO 4217 code */
            currency: string;
            customer_id: string | null;
            external_id: string;
            /** @description the payment provider's fee as the sale reported it, minor units; null: not reported */
            fee: number | null;
            /** Format: uuid */
            id: string;
            interval: ("one_time" | "month" | "year") | null;
            is_test: boolean;
            match_confidence: number | null;
            match_method: string | null;
            product_id: string | null;
            /**
             * Format: int64
             * @description minor currency units
             */
            refunded_amount: number;
            /** @enum {string} */
            status: "pending" | "confirmed" | "reversed" | "refunded" | "chargeback";
            /** @description tax included in amount as the sale reported it, minor units; null: not reported */
            tax: number | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            ts: string;
            /** @enum {string} */
            type: "lead" | "sale";
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            updated_at: string;
        };
        EmailPreview: {
            html: string;
            subject: string;
            text: string;
        };
        EmailTemplate: {
            /** @description false: the default wording */
            customised: boolean;
            enabled: boolean;
            /** @enum {string} */
            kind: "affiliate_approved" | "commission_earned" | "commission_approved" | "payout_sent" | "payout_failed" | "clawback" | "group_changed";
            subject: string;
            text: string;
            /** @description true: sent whenever on, even to unsubscribed affiliates (approval, payout failure) */
            transactional: boolean;
            /** @description the {{variables}} this kind may use */
            variables: string[];
        };
        EmbedToken: {
            /** Format: uuid */
            affiliate_id: string;
            /**
             * @description active, or pending while the application waits for approval
             * @enum {string}
             */
            affiliate_status: "pending" | "active" | "rejected" | "suspended";
            /** @description true when this call made the affiliate */
            created: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            expires_at: string;
            /** @description the one origin that may frame the page with this token */
            origin: string;
            /** @description refe_…: opens the page for one hour; give it to the browser that frames the page, keep it out of logs */
            token: string;
            /** @description the page to frame: {PUBLIC_URL}/embed/referrals?token=… */
            url: string;
        };
        Error: {
            /** @description what was wrong, in words; the request id on internal_error */
            detail?: string;
            /** @description contract error code, e.g. link_not_found or name_required */
            error: string;
            /**
             * @description the missing scope or key family (insufficient_scope only)
             * @enum {string}
             */
            need?: "read" | "write" | "track" | "payouts" | "workspace_key" | "affiliate_key";
        };
        Group: {
            /**
             * Format: int64
             * @description its affiliates (in lists)
             */
            affiliate_count?: number;
            /** @description applicants through the group's join page start active (true) or pending (false); null: the workspace's setting */
            auto_approve: boolean | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            /** @description what its affiliates' codes give the customer, in place of the campaign's; null: the campaign's */
            customer_discount: {
                amount: number;
                currency: string | null;
                /** @enum {string} */
                duration: "once" | "repeating" | "forever";
                duration_months: number | null;
                /** @enum {string} */
                type: "percent" | "amount";
            } | null;
            /** Format: uuid */
            id: string;
            /** @description where new affiliates start; exactly one per workspace */
            is_default: boolean;
            name: string;
            /** @description what a recruiter in this group earns on its recruits; null: nothing */
            recruiter_terms: {
                /** Format: int64 */
                amount: number;
                currency: string | null;
                months: number | null;
                /** @enum {string} */
                reward_type: "percent_of_commission" | "percent_of_sale" | "flat_on_approval";
            } | null;
            slug: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            updated_at: string;
        };
        Link: {
            /** Format: uuid */
            affiliate_id: string;
            /** Format: uuid */
            campaign_id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            destination_url: string | null;
            domain_id: string | null;
            /** Format: uuid */
            id: string;
            ref_param: string;
            /** @description a label the affiliate gives this placement; the URL carries it as sub_id */
            sub_id: string | null;
            /** @description the referral URL: destination_url carrying ?{ref_param}={ref_code} (and &sub_id= when set) */
            url: string | null;
        };
        LinkedAffiliateCode: {
            /** Format: uuid */
            affiliate_id: string;
            code: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            deactivated_at: string | null;
            /** Format: uuid */
            id: string;
            providers: components["schemas"]["CodeProviderObject"][];
            /** @enum {string} */
            source: "generated" | "manager" | "affiliate" | "linked";
            /** @enum {string} */
            status: "active" | "inactive";
            sync_error: string | null;
            /** @enum {string} */
            sync_state: "pending" | "synced" | "failed";
        };
        MoveCondition: {
            /**
             * Format: int64
             * @description the condition holds when the total is at least this; revenue and commissions in minor units of the workspace currency (other currencies do not count)
             */
            at_least: number;
            /**
             * @description clicks, leads, sales (confirmed or pending, not test), revenue (their amount net of refunds), commissions (live earnings), or days_enrolled (since approval, else creation)
             * @enum {string}
             */
            metric: "clicks" | "leads" | "sales" | "revenue" | "commissions" | "days_enrolled";
            /**
             * @description count over the last N days; null: all time (ignored for days_enrolled)
             * @default null
             */
            window_days: number | null;
        };
        MoveConditionOutput: {
            /**
             * Format: int64
             * @description the condition holds when the total is at least this; revenue and commissions in minor units of the workspace currency (other currencies do not count)
             */
            at_least: number;
            /**
             * @description clicks, leads, sales (confirmed or pending, not test), revenue (their amount net of refunds), commissions (live earnings), or days_enrolled (since approval, else creation)
             * @enum {string}
             */
            metric: "clicks" | "leads" | "sales" | "revenue" | "commissions" | "days_enrolled";
            /**
             * @description count over the last N days; null: all time (ignored for days_enrolled)
             * @default null
             */
            window_days: number | null;
        };
        MoveRule: {
            active: boolean;
            conditions: components["schemas"]["MoveConditionOutput"][];
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            /**
             * Format: uuid
             * @description the group it moves affiliates out of
             */
            group_id: string;
            /** Format: uuid */
            id: string;
            /**
             * Format: int64
             * @description priority when two rules match: the lowest position wins, then the oldest rule
             */
            position: number;
            /**
             * Format: uuid
             * @description the group it moves them to
             */
            target_group_id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            updated_at: string;
        };
        Payout: {
            /** Format: uuid */
            affiliate_id: string;
            /**
             * Format: int64
             * @description minor currency units
             */
            amount: number;
            /** @description the POST /v1/payouts run that made it */
            batch_id: string | null;
            commission_ids: string[];
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            /** @description lower-case ISO 4217 code */
            currency: string;
            /** @description why it failed, came back or could not be sent, in our words */
            failure_reason: string | null;
            /** Format: uuid */
            id: string;
            paid_at: string | null;
            /** @description the provider's object, e.g. the Stripe transfer tr_… */
            provider_ref: string | null;
            /** @description how it was sent; null until sent (manual lines are paid from the CSV) */
            rail: ("manual" | "stripe_connect" | "paypal") | null;
            sent_at: string | null;
            /** @enum {string} */
            status: "pending" | "processing" | "paid" | "failed" | "returned" | "canceled";
        };
        PayoutExportCurrency: {
            /**
             * Format: int64
             * @description their total, minor currency units
             */
            amount: number;
            /** @description lower-case ISO 4217 code */
            currency: string;
            /**
             * Format: int64
             * @description pending payouts in this currency
             */
            payouts: number;
        };
        PayoutMethod: {
            /** Format: uuid */
            affiliate_id: string;
            country: string | null;
            /**
             * @description manual: paid by hand from the payouts CSV
             * @enum {string}
             */
            kind: "manual" | "stripe_connect" | "paypal";
            paypal_confirmed_at: string | null;
            paypal_receiver: string | null;
            /**
             * @description only a ready method is paid by a batch; the others are skipped with no_payout_method
             * @enum {string}
             */
            state: "setting_up" | "ready" | "restricted";
            /** @description why the method is not ready, e.g. what Stripe still needs */
            state_reason: string | null;
            stripe_account_id: string | null;
            updated_at: string | null;
        };
        PayoutPreview: {
            /**
             * Format: int64
             * @description minor currency units
             */
            min_payout: number;
            /** @description the payouts a batch created now would hold, in the order it creates them */
            payouts: components["schemas"]["PlannedPayout"][];
            /** @description groups left out; their commissions stay approved for a later batch */
            skipped: components["schemas"]["SkippedPayout"][];
            /** @description sum of the planned payouts per currency */
            total_by_currency: {
                [key: string]: number;
            };
            /** @description unpaid commissions that are not due yet, per affiliate, currency and reason, oldest first */
            waiting: components["schemas"]["WaitingCommissions"][];
        };
        PlannedPayout: {
            /** @description embedded for display; null only if the affiliate row is gone */
            affiliate: {
                email: string | null;
                name: string | null;
                ref_code: string;
                status: string;
            } | null;
            /** Format: uuid */
            affiliate_id: string;
            /**
             * Format: int64
             * @description net of clawbacks, minor currency units
             */
            amount: number;
            commission_ids: string[];
            /** @description lower-case ISO 4217 code */
            currency: string;
        };
        Product: {
            /** @description set: sales of this product earn that campaign's rate */
            campaign_id: string | null;
            commissionable: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            /** Format: uuid */
            id: string;
            name: string;
            provider_product_id: string;
        };
        ProductOverride: {
            commissionable: boolean;
            /** Format: uuid */
            id: string;
            name: string;
            provider_product_id: string;
        };
        RefundResult: {
            /** Format: uuid */
            conversion_id: string;
            ok: boolean;
        };
        RevenueBasis: {
            /**
             * Format: int64
             * @description the sale's amount, minor units: what the customer paid, after discount
             */
            amount: number;
            /**
             * Format: int64
             * @description amount less the excluded parts, never below 0: what the percent rule applied to
             */
            basis: number;
            /** @description parts taken off the amount, as the campaign asks */
            excluded: ("tax" | "fee")[];
            /** @description the payment provider's fee as the sale reported it; null: not reported */
            fee: number | null;
            /** @description parts the campaign would take off but the sale did not report: nothing taken off for them */
            not_reported: ("tax" | "fee")[];
            /** @description tax included in the amount as the sale reported it; null: not reported */
            tax: number | null;
        } & {
            [key: string]: unknown;
        };
        Reward: {
            archived: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            /**
             * @description payout (default: paid by payouts, cash or non-cash), account_credit (the commission as billing credit) or free_months
             * @enum {string}
             */
            delivery: "payout" | "account_credit" | "free_months";
            delivery_months: number | null;
            /**
             * @description who gets account credit or free months: the referred customer (default) or the affiliate as a billing customer
             * @enum {string}
             */
            delivery_target: "customer" | "affiliate";
            /** Format: uuid */
            id: string;
            name: string;
            terms: {
                amount: number;
                /** @enum {string} */
                applies_to_interval: "any" | "one_time" | "month" | "year";
                currency: string | null;
                description: string | null;
                is_flat: boolean;
                length_months: number | null;
                /** @enum {string} */
                length_type: "one_time" | "limited" | "lifetime";
            };
            /** @enum {string} */
            type: "cash" | "non_cash";
            /** @description campaigns whose rules were copied from this reward, as of this read (the oldest 200) */
            used_by_campaigns: {
                /** Format: uuid */
                id: string;
                name: string;
            }[];
        };
        RewardDelivery: {
            /** @description account_credit: minor units */
            amount: number | null;
            /** Format: int64 */
            attempts: number;
            currency: string | null;
            customer_id: string | null;
            /** @description the last failure, in our words */
            error: string | null;
            /** @enum {string} */
            method: "payout" | "account_credit" | "free_months";
            /** @description free_months: how many */
            months: number | null;
            provider: string | null;
            /** @description the balance transaction, coupon or discount made */
            provider_object_id: string | null;
            /**
             * Format: int64
             * @description credit taken back at the provider
             */
            reversed_amount: number;
            reversed_at: string | null;
            /**
             * Format: int64
             * @description credit already used when the reward was taken back: owed by nobody, shown to the manager
             */
            shortfall: number;
            /**
             * @description pending (due or in flight), delivered, failed (tried again later), reversed (taken back)
             * @enum {string}
             */
            state: "pending" | "delivered" | "failed" | "reversed";
            /** @enum {string} */
            target: "customer" | "affiliate";
        };
        RiskAssessment: {
            affiliate: {
                /** @description a manager holds the affiliate's commissions out of payouts (PATCH /affiliates/{id}) */
                commissions_held: boolean;
                email: string | null;
                name: string | null;
                ref_code: string;
                status: string;
            };
            /** Format: uuid */
            affiliate_id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            dismissed_at: string | null;
            evidence: {
                activity: {
                    /** Format: int64 */
                    clicks: number;
                    /** Format: int64 */
                    conversions: number;
                    /** Format: int64 */
                    sales: number;
                };
                /** @description weight × feature, in log-odds */
                contributions: {
                    [key: string]: number;
                };
                conversion_rate: {
                    rate: number | null;
                    workspace_median: number | null;
                    /** @description robust z-score (median/MAD); null when there is no baseline */
                    z: number | null;
                };
                disposable_email: {
                    disposable: boolean;
                    domain: string | null;
                };
                duplicate_fingerprint: {
                    /**
                     * Format: int64
                     * @description this affiliate's clicks carrying those fingerprints
                     */
                    clicks_shared_with_top_partner: number;
                    /** Format: int64 */
                    clicks_with_fingerprint: number;
                    /** Format: int64 */
                    fingerprints: number;
                    /**
                     * Format: int64
                     * @description other affiliates whose clicks carry at least one of these fingerprints
                     */
                    partners: number;
                    /** @description clicks shared with the top partner over clicks with a fingerprint (at least 20) */
                    share: number;
                    /**
                     * Format: int64
                     * @description fingerprints seen on both
                     */
                    shared_with_top_partner: number;
                    /** @description the other affiliate sharing the most clicks by fingerprint */
                    top_partner_ref_code: string | null;
                };
                /** @description the model's inputs */
                features: {
                    [key: string]: number;
                };
                ip_concentration: {
                    /** Format: int64 */
                    clicks_with_ip: number;
                    /** Format: int64 */
                    distinct_ips: number;
                    /** @description repeat clicks (beyond one per address) from those three, over all clicks (at least 20) */
                    share: number;
                    /**
                     * Format: int64
                     * @description clicks from the three busiest address hashes
                     */
                    top3_clicks: number;
                };
                model_version: string;
                refunds: {
                    /** Format: int64 */
                    chargebacks: number;
                    rate: number | null;
                    /** Format: int64 */
                    refunded: number;
                    /** Format: int64 */
                    sales: number;
                    /** @description 0..1 */
                    smoothed_rate: number;
                    /** @description 0..1 */
                    workspace_rate: number;
                };
                self_referral: {
                    /** Format: int64 */
                    conversions_with_visitor: number;
                    /**
                     * Format: int64
                     * @description conversions whose customer_id is the affiliate's e-mail, id or ref code
                     */
                    customer_matches: number;
                    /**
                     * Format: int64
                     * @description conversions whose visitor's device is on a large share of the affiliate's clicks
                     */
                    device_conversions: number;
                    /** @description 0..1 */
                    device_share: number;
                };
                /** @enum {string} */
                summary_by: "rules" | "llm";
                velocity: {
                    baseline_daily_median: number | null;
                    /** @description robust z-score (median/MAD); null when there is no baseline */
                    own_z: number | null;
                    recent_daily_clicks: number;
                    workspace_daily_median: number | null;
                    /** @description robust z-score (median/MAD); null when there is no baseline */
                    workspace_z: number | null;
                };
                window: {
                    /** Format: int64 */
                    days: number;
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    from: string;
                    /** Format: int64 */
                    recent_days: number;
                    /**
                     * Format: date-time
                     * @description ISO 8601 UTC timestamp
                     */
                    to: string;
                };
            } | null;
            flags: ("self_referral" | "velocity_anomaly" | "duplicate_fingerprint" | "ip_concentration" | "high_refund_rate" | "conversion_rate_anomaly" | "disposable_email")[];
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            recommended_action: "none" | "monitor" | "review" | "hold_commissions" | "suspend";
            /** @enum {string} */
            risk_level: "low" | "medium" | "high" | "critical";
            /**
             * Format: int64
             * @description 0..100, higher is riskier
             */
            score: number;
            summary: string;
        };
        Settings: {
            auto_approve_affiliates: boolean;
            auto_approve_commissions: boolean;
            brand_color: string | null;
            /** @description lower-case ISO 4217 code */
            currency: string;
            /**
             * @description join-page applications from disposable e-mail domains: refuse (400), flag (held pending for review, never auto-approved; the default) or allow
             * @enum {string}
             */
            disposable_email_policy: "refuse" | "flag" | "allow";
            /** @description origins allowed to frame the embedded referral page (docs/embedded-referrals.md#origins); empty: no embedding */
            embed_origins: string[];
            /** Format: int64 */
            hold_days: number;
            join_slug: string | null;
            /** @description a payment provider's new customer is linked to the lead recorded (POST /v1/track/lead) with the same e-mail; default true */
            link_customers_by_email: boolean;
            logo_url: string | null;
            /** Format: int64 */
            min_payout: number;
            program_name: string | null;
            /** @description an affiliate without a tax form is not paid above tax_form_threshold per calendar year; default false */
            tax_form_required: boolean;
            /** Format: int64 */
            tax_form_threshold: number;
            terms_url: string | null;
        };
        SkippedPayout: {
            /** @description embedded for display; null only if the affiliate row is gone */
            affiliate: {
                email: string | null;
                name: string | null;
                ref_code: string;
                status: string;
            } | null;
            /** Format: uuid */
            affiliate_id: string;
            /**
             * Format: int64
             * @description net of clawbacks, minor currency units
             */
            amount: number;
            commission_ids: string[];
            /** @description lower-case ISO 4217 code */
            currency: string;
            /**
             * @description commissions_held: a manager holds the affiliate (checked first); no_payout_method: the PayPal or Stripe method of the affiliate is not ready (docs/paying-affiliates.md#payout-methods); net_not_positive: clawbacks cancel the earnings; below_min_payout: net under the workspace min_payout; tax_form_required: no tax form and this year's payouts would pass tax_form_threshold (docs/paying-affiliates.md#tax-forms)
             * @enum {string}
             */
            reason: "commissions_held" | "no_payout_method" | "net_not_positive" | "below_min_payout" | "tax_form_required";
        };
        TaxForm: {
            address_line1: string | null;
            address_line2: string | null;
            affiliate_id: string;
            city: string | null;
            country: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            id: string;
            /** @enum {string} */
            kind: "w9" | "w8ben";
            legal_name: string;
            postal_code: string | null;
            region: string | null;
            signature_name: string;
            signed_on: string;
            /** @description •••• and the last four characters of the tax id */
            tax_id_masked: string;
        };
        TrackResult: {
            /** @constant */
            attributed: true;
            /** Format: uuid */
            conversion_id: string;
            /** @constant */
            ok: true;
        } | {
            /** @constant */
            attributed: false;
            /** @constant */
            ok: true;
            visitor_id: string | null;
        };
        WaitingCommissions: {
            /** @description embedded for display; null only if the affiliate row is gone */
            affiliate: {
                email: string | null;
                name: string | null;
                ref_code: string;
                status: string;
            } | null;
            /** Format: uuid */
            affiliate_id: string;
            /**
             * Format: int64
             * @description sum of these commissions, minor currency units
             */
            amount: number;
            /** Format: int32 */
            commission_count: number;
            /** @description lower-case ISO 4217 code */
            currency: string;
            /** @description the earliest moment one of them can be paid (the end of its hold; once approved for not_approved); null when no hold is left */
            payable_from: string | null;
            /**
             * @description not_approved: pending commissions a manager has not approved; in_hold_period: approved, but the hold period (hold_days after the sale) has not passed
             * @enum {string}
             */
            reason: "not_approved" | "in_hold_period";
        };
        WebhookDelivery: {
            /** Format: int64 */
            attempts: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            delivered_at: string | null;
            /** Format: uuid */
            endpoint_id: string;
            /** Format: uuid */
            event_id: string;
            event_type: string;
            /** Format: uuid */
            id: string;
            /** @description why the last attempt failed (start of the response body, or the network error) */
            last_error: string | null;
            /** @description duration of the last attempt */
            latency_ms: number | null;
            next_attempt_at: string | null;
            /** @description HTTP status of the last attempt */
            response_status: number | null;
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
        };
        WebhookEndpoint: {
            active: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            description: string | null;
            disabled_reason: string | null;
            events: string[];
            failing_since: string | null;
            /** Format: uuid */
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            updated_at: string;
            url: string;
        };
        WebhookEndpointWithSecret: {
            active: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            description: string | null;
            disabled_reason: string | null;
            events: string[];
            failing_since: string | null;
            /** Format: uuid */
            id: string;
            /** @description whsec_…: shown once; verify signatures with it */
            secret: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            updated_at: string;
            url: string;
        };
        WorkspacePayout: {
            /** Format: uuid */
            affiliate_id: string;
            /**
             * Format: int64
             * @description minor currency units
             */
            amount: number;
            /** @description the POST /v1/payouts run that made it */
            batch_id: string | null;
            commission_ids: string[];
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp
             */
            created_at: string;
            /** @description lower-case ISO 4217 code */
            currency: string;
            /** @description why it failed, came back or could not be sent, in our words */
            failure_reason: string | null;
            /** Format: uuid */
            id: string;
            paid_at: string | null;
            /** @description the provider's object, e.g. the Stripe transfer tr_… */
            provider_ref: string | null;
            /** @description how it was sent; null until sent (manual lines are paid from the CSV) */
            rail: ("manual" | "stripe_connect" | "paypal") | null;
            /** @description what the merchant noted when marking it by hand: a PayPal transaction id, a bank reference */
            reference: string | null;
            sent_at: string | null;
            /** @enum {string} */
            status: "pending" | "processing" | "paid" | "failed" | "returned" | "canceled";
            /** @description marked paid by hand: until when POST /v1/payouts/{id}/undo sets it back to pending (paid_at + 24 h); null otherwise */
            undo_until: string | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description always *: keys, never cookies, authenticate (server/http/v1/cors.ts) */
        "Access-Control-Allow-Origin": "*";
        /** @description requests allowed per minute for this key (or, without a valid key, this address) */
        RateLimitLimit: number;
        /** @description requests left in the current minute */
        RateLimitRemaining: number;
        /** @description seconds until the budget is full again */
        RateLimitReset: number;
        /** @description seconds to wait before retrying */
        RetryAfter: number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    "affiliate-bounties": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AffiliateBounty"][];
                        /** @constant */
                        object: "list";
                        /** @constant */
                        resource: "bounties";
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "affiliate-clicks": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AffiliateClick"][];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "affiliate-codes": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AffiliateCode"][];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "affiliate-commissions": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Commission"][];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "affiliate-conversions": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Conversion"][];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "affiliate-links": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Link"][];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "affiliate-me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Affiliate"];
                        /** @constant */
                        object: "affiliate";
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "affiliate-payouts": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Payout"][];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "affiliate-recruits": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AffiliateRecruit"][];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        /** @description null while the program has no public address */
                        recruit_url: string | null;
                        resource: string;
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "affiliate-stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AffiliateStats"];
                        /** @constant */
                        object: "affiliate_stats";
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "affiliates-list": {
        parameters: {
            query?: {
                campaign_id?: string;
                email?: string;
                group_id?: string;
                limit?: number;
                offset?: number;
                status?: "pending" | "active" | "rejected" | "suspended";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Affiliate"][];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unknown_resource */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "affiliates-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description defaults to the oldest active campaign */
                    campaign_id?: string;
                    email?: string;
                    /** @description its partner group; defaults to the default group (docs/groups-bounties-recruiters.md#groups) */
                    group_id?: string;
                    name?: string;
                    payout_email?: string | null;
                    ref_code?: string;
                    /**
                     * @description defaults to active when the workspace auto-approves affiliates, else pending
                     * @enum {string}
                     */
                    status?: "pending" | "active" | "rejected" | "suspended";
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Affiliate"];
                        /** @constant */
                        object: "affiliate";
                    };
                };
            };
            /** @description email_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unknown_resource */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_state | idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "affiliates-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Affiliate"];
                        /** @constant */
                        object: "affiliate";
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "affiliates-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description id of a record of this workspace (uuid) */
                    campaign_id?: string;
                    /** @description true holds the commissions out of payout batches; false releases them */
                    commissions_held?: boolean;
                    email?: string;
                    /** @description move it to this partner group (docs/groups-bounties-recruiters.md#groups) */
                    group_id?: string;
                    name?: string;
                    payout_email?: string | null;
                    /** @description its recruiter (docs/groups-bounties-recruiters.md#recruiters-two-tier): set once, never itself; a self-recruit (same e-mail, device or payout method) records none and is flagged in the audit log */
                    recruited_by?: string;
                    /** @description the old code stays an alias of this affiliate */
                    ref_code?: string;
                    /** @enum {string} */
                    status?: "pending" | "active" | "rejected" | "suspended";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Affiliate"];
                        /** @constant */
                        object: "affiliate";
                    };
                };
            };
            /** @description invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found | unknown_resource */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_state */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "affiliates-billingCustomers": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AffiliateBillingCustomer"][];
                        /** @constant */
                        object: "affiliate_billing_customers";
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "affiliates-setBillingCustomer": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
                provider: "stripe" | "paddle";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description cus_… (Stripe) or ctm_… (Paddle); null removes it */
                    customer_id: string | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AffiliateBillingCustomer"][];
                        /** @constant */
                        object: "affiliate_billing_customers";
                    };
                };
            };
            /** @description customer_id_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "affiliates-codes": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AffiliateCode"][];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "affiliates-createCode": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 3-32 of A-Z, a-z and 0-9, unique in the workspace in any case; reserved words are refused (docs/codes.md#rules) */
                    code?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AffiliateCode"];
                        /** @constant */
                        object: "affiliate_code";
                    };
                };
            };
            /** @description invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_state | idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "affiliates-deactivateCode": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                code_id: string;
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AffiliateCode"];
                        /** @constant */
                        object: "affiliate_code";
                    };
                };
            };
            /** @description invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "affiliates-linkCode": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    provider: "stripe" | "paddle";
                    /** @description promo_… for Stripe, dsc_… for Paddle */
                    provider_code_id: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["LinkedAffiliateCode"];
                        /** @constant */
                        object: "affiliate_code";
                    };
                };
            };
            /** @description provider_required | provider_code_id_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_state | idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "affiliates-createKey": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AffiliateKeyWithToken"];
                        /** @constant */
                        object: "affiliate_key";
                    };
                };
            };
            /** @description invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "affiliates-revokeKey": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
                /** @description record id (uuid) */
                key_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AffiliateKey"];
                        /** @constant */
                        deleted: true;
                        /** @constant */
                        object: "affiliate_key";
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "affiliates-payoutMethod": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PayoutMethod"];
                        /** @constant */
                        object: "payout_method";
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "affiliates-taxForm": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TaxForm"] | null;
                        /** @constant */
                        object: "tax_form";
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "affiliates-bulkUpdate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description approve sets active, reject rejected, suspend suspended; move sets campaign_id; move_group sets group_id
                     * @enum {string}
                     */
                    action: "approve" | "reject" | "suspend" | "move" | "move_group";
                    /** @description the campaign to move to: required by move */
                    campaign_id?: string;
                    /** @description the partner group to move to: required by move_group */
                    group_id?: string;
                    ids: string[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Affiliate"][];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description ids_required | action_required | campaign_id_required | group_id_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unknown_resource */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "affiliates-invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description defaults to the oldest active campaign */
                    campaign_id?: string;
                    email: string;
                    name?: string;
                    ref_code?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AffiliateInvite"];
                        /** @constant */
                        object: "affiliate_invite";
                    };
                };
            };
            /** @description email_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unknown_resource */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_state | idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "auditEvents-list": {
        parameters: {
            query?: {
                action?: string;
                actor_id?: string;
                actor_type?: "user" | "api_key" | "affiliate" | "system";
                from?: string;
                limit?: number;
                offset?: number;
                target_id?: string;
                target_type?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AuditEvent"][];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "bounties-list": {
        parameters: {
            query?: {
                archived?: string;
                limit?: number;
                offset?: number;
                type?: "performance" | "submission";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Bounty"][];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "bounties-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description default: the workspace's currency */
                    currency?: string;
                    description?: string;
                    ends_at?: string | null;
                    /**
                     * @description performance only
                     * @enum {string}
                     */
                    metric?: "clicks" | "leads" | "sales" | "revenue" | "commissions";
                    name: string;
                    /**
                     * @description default all_time
                     * @enum {string}
                     */
                    period?: "all_time" | "month" | "week";
                    /**
                     * Format: int64
                     * @description minor units of currency
                     */
                    reward_amount: number;
                    starts_at?: string | null;
                    /**
                     * Format: int64
                     * @description performance only
                     */
                    target?: number;
                    /** @enum {string} */
                    type: "performance" | "submission";
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Bounty"];
                        /** @constant */
                        object: "bounty";
                    };
                };
            };
            /** @description name_required | type_required | reward_amount_required | metric_required | target_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "bounties-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["BountyDetail"];
                        /** @constant */
                        object: "bounty";
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "bounties-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string;
                    ends_at?: string | null;
                    name?: string;
                    /** Format: int64 */
                    reward_amount?: number;
                    starts_at?: string | null;
                    /**
                     * Format: int64
                     * @description a count (clicks, leads, sales) or minor units of currency (revenue, commissions)
                     */
                    target?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Bounty"];
                        /** @constant */
                        object: "bounty";
                    };
                };
            };
            /** @description invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_state */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "bounties-archive": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Bounty"];
                        /** @constant */
                        object: "bounty";
                    };
                };
            };
            /** @description invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "bounties-submissions": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "pending" | "approved" | "rejected";
            };
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["BountySubmission"][];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "bountySubmissions-review": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description rejected only
                     * @enum {string}
                     */
                    rejection_reason?: "not_eligible" | "insufficient_proof" | "duplicate" | "other";
                    /** @description rejected only: a word for the affiliate */
                    review_note?: string;
                    /** @enum {string} */
                    status: "approved" | "rejected";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["BountySubmission"];
                        /** @constant */
                        object: "bounty_submission";
                    };
                };
            };
            /** @description status_required | rejection_reason_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_state */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "broadcasts-list": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Broadcast"][];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "broadcasts-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description only this campaign’s active affiliates; absent or null: every active affiliate */
                    campaign_id?: string | null;
                    subject: string;
                    text: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Broadcast"];
                        /** @constant */
                        object: "broadcast";
                    };
                };
            };
            /** @description subject_required | text_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unknown_resource */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_state | idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "campaigns-list": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "active" | "paused" | "archived";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Campaign"][];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "campaigns-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    additional_referral_links?: string[];
                    /** @enum {string} */
                    attribution_model?: "last_click" | "first_click";
                    /**
                     * @description click: a click inside the window beats a code typed at checkout (the documented order); code: the code wins
                     * @enum {string}
                     */
                    code_precedence?: "click" | "code";
                    commission_basis?: {
                        exclude_fees?: boolean;
                        exclude_tax?: boolean;
                    };
                    /** Format: int32 */
                    cookie_window_days?: number;
                    customer_discount?: {
                        /** @description percent: 0 < amount <= 100, at most 2 decimals; amount: integer minor units of currency */
                        amount?: number;
                        /** @description amount discounts only, required there */
                        currency?: string | null;
                        /**
                         * @description default once
                         * @enum {string}
                         */
                        duration?: "once" | "repeating" | "forever";
                        /** @description repeating only, required there */
                        duration_months?: number | null;
                        /** @enum {string} */
                        type?: "percent" | "amount";
                    } | null;
                    destination_url?: string | null;
                    name: string;
                    ref_param?: string;
                    /** @enum {string} */
                    status?: "active" | "paused" | "archived";
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Campaign"];
                        /** @constant */
                        object: "campaign";
                    };
                };
            };
            /** @description name_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "campaigns-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Campaign"];
                        /** @constant */
                        object: "campaign";
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "campaigns-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    additional_referral_links?: string[];
                    /**
                     * @description click: a click inside the window beats a code typed at checkout (the documented order); code: the code wins
                     * @enum {string}
                     */
                    code_precedence?: "click" | "code";
                    commission_basis?: {
                        exclude_fees?: boolean;
                        exclude_tax?: boolean;
                    };
                    /** Format: int32 */
                    cookie_window_days?: number;
                    customer_discount?: {
                        /** @description percent: 0 < amount <= 100, at most 2 decimals; amount: integer minor units of currency */
                        amount?: number;
                        /** @description amount discounts only, required there */
                        currency?: string | null;
                        /**
                         * @description default once
                         * @enum {string}
                         */
                        duration?: "once" | "repeating" | "forever";
                        /** @description repeating only, required there */
                        duration_months?: number | null;
                        /** @enum {string} */
                        type?: "percent" | "amount";
                    } | null;
                    destination_url?: string | null;
                    name?: string;
                    ref_param?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Campaign"];
                        /** @constant */
                        object: "campaign";
                    };
                };
            };
            /** @description invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "campaigns-setAttributionModel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    attribution_model: "last_click" | "first_click";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Campaign"];
                        /** @constant */
                        object: "campaign";
                    };
                };
            };
            /** @description attribution_model_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commissionRules-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the campaign name */
                        campaign: string;
                        /** @description the campaign's own catch-all (kind default) rule, null when none is set */
                        data: components["schemas"]["CommissionRule"] | null;
                        /** @constant */
                        object: "commission_rule";
                        /** @description the oldest 200 products redirected to this campaign */
                        product_overrides: components["schemas"]["ProductOverride"][];
                        rules: components["schemas"]["CommissionRule"][];
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commissionRules-set": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description a percentage (0 < amount <= 100, at most 2 decimals), or integer minor units when is_flat */
                    amount?: number;
                    /** @enum {string} */
                    applies_to_interval?: "any" | "one_time" | "month" | "year";
                    /** @description flat amounts only; defaults to the workspace currency */
                    currency?: string | null;
                    /** @description a partner group: the rule overrides the campaign's for its affiliates; absent or null: the campaign's own rule */
                    group_id?: string | null;
                    is_flat?: boolean;
                    /**
                     * @description default (catch-all, the default), product or interval
                     * @enum {string}
                     */
                    kind?: "default" | "product" | "interval";
                    length_months?: number | null;
                    /** @enum {string} */
                    length_type?: "one_time" | "limited" | "lifetime";
                    /**
                     * Format: uuid
                     * @description copy this library reward's terms; excludes name and the terms fields
                     */
                    library_reward_id?: string;
                    name?: string;
                    /** @description provider product ids; required for kind product only */
                    product_ids?: string[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the campaign name */
                        campaign: string;
                        /** @description the campaign's own catch-all (kind default) rule, null when none is set */
                        data: components["schemas"]["CommissionRule"] | null;
                        /** @constant */
                        object: "commission_rule";
                        /** @description the oldest 200 products redirected to this campaign */
                        product_overrides: components["schemas"]["ProductOverride"][];
                        rules: components["schemas"]["CommissionRule"][];
                    };
                };
            };
            /** @description amount_required | product_ids_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found | unknown_resource */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commissionRules-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
                /** @description record id (uuid) */
                rule_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CommissionRule"];
                        /** @constant */
                        deleted: true;
                        /** @constant */
                        object: "commission_rule";
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commissionRules-preview": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: int64
                     * @description sale amount, minor currency units
                     */
                    amount: number;
                    /** @description the sale currency; default usd, as on /v1/track/sale */
                    currency?: string;
                    /**
                     * Format: int64
                     * @description the payment provider's fee, 0 to amount; omit: not reported
                     */
                    fee?: number;
                    /**
                     * @description billing interval of the sale
                     * @enum {string}
                     */
                    interval?: "one_time" | "month" | "year";
                    /**
                     * Format: int32
                     * @description 0 (default) for the customer's first payment, then 1, 2, …
                     */
                    period_index?: number;
                    /** @description the payment provider's product id */
                    product_id?: string;
                    /**
                     * Format: int64
                     * @description tax included in amount, 0 to amount, as /v1/track/sale takes it; omit: not reported
                     */
                    tax?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CommissionPreview"];
                        /** @constant */
                        object: "commission_preview";
                    };
                };
            };
            /** @description amount_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "campaigns-setStatus": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    status: "active" | "paused" | "archived";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Campaign"];
                        /** @constant */
                        object: "campaign";
                    };
                };
            };
            /** @description status_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commissions-list": {
        parameters: {
            query?: {
                affiliate_id?: string;
                conversion_id?: string;
                include_test?: string;
                limit?: number;
                offset?: number;
                status?: "pending" | "approved" | "denied" | "paid" | "reversed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CommissionDetail"][];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unknown_resource */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commissions-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CommissionDetail"];
                        /** @constant */
                        object: "commission";
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commissions-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: int64
                     * @description minor currency units; overrides the computed amount
                     */
                    amount?: number;
                    /** @enum {string} */
                    status?: "approved" | "denied";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CommissionDetail"];
                        /** @constant */
                        object: "commission";
                    };
                };
            };
            /** @description status_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_state */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "commissions-bulkReview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ids: string[];
                    /** @enum {string} */
                    status: "approved" | "denied";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CommissionDetail"][];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description ids_required | status_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unknown_resource */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_state | idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "conversions-list": {
        parameters: {
            query?: {
                affiliate_id?: string;
                campaign_id?: string;
                from?: string;
                include_test?: string;
                limit?: number;
                offset?: number;
                status?: "pending" | "confirmed" | "reversed" | "refunded" | "chargeback" | "voided";
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ConversionDetail"][];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unknown_resource */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "conversions-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ConversionDetail"];
                        /** @constant */
                        object: "conversion";
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "conversions-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description id of a record of this workspace (uuid) */
                    affiliate_id?: string;
                    /**
                     * @description voided is deprecated and stored as reversed
                     * @enum {string}
                     */
                    status?: "pending" | "confirmed" | "reversed" | "refunded" | "chargeback" | "voided";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ConversionDetail"];
                        /** @constant */
                        object: "conversion";
                    };
                };
            };
            /** @description invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found | unknown_resource */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "conversions-attribution": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Attribution"];
                        /** @constant */
                        object: "attribution";
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "conversions-refund": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: int64
                     * @description total refunded so far, minor units; omit for a full refund
                     */
                    amount?: number;
                    /** @enum {string} */
                    reason?: "refund" | "chargeback";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ConversionDetail"];
                        /** @constant */
                        object: "conversion";
                    };
                };
            };
            /** @description invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conversion_failed */
            422: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "emailTemplates-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["EmailTemplate"][];
                        /** @constant */
                        object: "list";
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "emailTemplates-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                kind: "affiliate_approved" | "commission_earned" | "commission_approved" | "payout_sent" | "payout_failed" | "clawback" | "group_changed";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled?: boolean;
                    subject?: string | null;
                    text?: string | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["EmailTemplate"];
                        /** @constant */
                        object: "email_template";
                    };
                };
            };
            /** @description invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "emailTemplates-preview": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                kind: "affiliate_approved" | "commission_earned" | "commission_approved" | "payout_sent" | "payout_failed" | "clawback" | "group_changed";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    subject?: string;
                    text?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["EmailPreview"];
                        /** @constant */
                        object: "email_preview";
                    };
                };
            };
            /** @description invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "embedTokens-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description a new affiliate's campaign; defaults to the oldest active campaign */
                    campaign_id?: string;
                    /** @description finds an affiliate without a tenant_id yet, or fills a new one; tenant_id or email is required */
                    email?: string;
                    /** @description a new affiliate's name */
                    name?: string;
                    /** @description what the page shows; every option has a default */
                    options?: {
                        /**
                         * @description hide money earned (counts stay)
                         * @default false
                         */
                        hide_earnings?: boolean;
                        /**
                         * @description credit-only programs: no payout, payout-method or tax-form screens; rewards read "credit earned"
                         * @default false
                         */
                        hide_payouts?: boolean;
                        /**
                         * @description words of the page to replace, by key
                         * @default {}
                         */
                        strings?: {
                            [key: string]: string;
                        };
                        /**
                         * @description light, dark, or the program's brand colour
                         * @default light
                         * @enum {string}
                         */
                        theme?: "light" | "dark" | "brand";
                    };
                    /** @description the origin that will frame the page: one of embed_origins; defaults to the only one */
                    origin?: string;
                    /** @description your own id for the user (1-128 printable characters), unique per workspace: finds the same affiliate every time */
                    tenant_id?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["EmbedToken"];
                        /** @constant */
                        object: "embed_token";
                    };
                };
            };
            /** @description tenant_id_required | origin_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unknown_resource */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_state | idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "groups-list": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Group"][];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "groups-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description null: the workspace's setting (docs/groups-bounties-recruiters.md#join-page-and-auto-approval) */
                    auto_approve?: boolean | null;
                    /** @description replaces the campaign's discount for its affiliates' codes; null: the campaign's */
                    customer_discount?: {
                        /** @description percent: 0 < amount <= 100, at most 2 decimals; amount: integer minor units of currency */
                        amount?: number;
                        /** @description amount discounts only, required there */
                        currency?: string | null;
                        /**
                         * @description default once
                         * @enum {string}
                         */
                        duration?: "once" | "repeating" | "forever";
                        /** @description repeating only, required there */
                        duration_months?: number | null;
                        /** @enum {string} */
                        type?: "percent" | "amount";
                    } | null;
                    name: string;
                    /** @description null: recruiting earns nothing */
                    recruiter_terms?: {
                        /**
                         * Format: int32
                         * @description hundredths of a percent (2550 = 25.50 %, at most 10000), or minor units for flat_on_approval
                         */
                        amount?: number;
                        /** @description flat_on_approval only, required there */
                        currency?: string | null;
                        /** @description how long after the recruit joined it earns; null: always */
                        months?: number | null;
                        /** @enum {string} */
                        reward_type?: "percent_of_commission" | "percent_of_sale" | "flat_on_approval";
                    } | null;
                    /** @description the group's join page: /join/{program}/{slug} */
                    slug: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Group"];
                        /** @constant */
                        object: "group";
                    };
                };
            };
            /** @description name_required | slug_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_state | idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "groups-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Group"];
                        /** @constant */
                        object: "group";
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "groups-delete": {
        parameters: {
            query?: {
                move_to_group_id?: string;
            };
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Group"];
                        /** @constant */
                        deleted: true;
                        /**
                         * Format: int64
                         * @description how many affiliates moved to move_to_group_id
                         */
                        moved_affiliates: number;
                        /** @constant */
                        object: "group";
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found | unknown_resource */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_state */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "groups-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description null: the workspace's setting (docs/groups-bounties-recruiters.md#join-page-and-auto-approval) */
                    auto_approve?: boolean | null;
                    /** @description replaces the campaign's discount for its affiliates' codes; null: the campaign's */
                    customer_discount?: {
                        /** @description percent: 0 < amount <= 100, at most 2 decimals; amount: integer minor units of currency */
                        amount?: number;
                        /** @description amount discounts only, required there */
                        currency?: string | null;
                        /**
                         * @description default once
                         * @enum {string}
                         */
                        duration?: "once" | "repeating" | "forever";
                        /** @description repeating only, required there */
                        duration_months?: number | null;
                        /** @enum {string} */
                        type?: "percent" | "amount";
                    } | null;
                    /** @description true: make this the default group */
                    is_default?: boolean;
                    name?: string;
                    /** @description null: recruiting earns nothing */
                    recruiter_terms?: {
                        /**
                         * Format: int32
                         * @description hundredths of a percent (2550 = 25.50 %, at most 10000), or minor units for flat_on_approval
                         */
                        amount?: number;
                        /** @description flat_on_approval only, required there */
                        currency?: string | null;
                        /** @description how long after the recruit joined it earns; null: always */
                        months?: number | null;
                        /** @enum {string} */
                        reward_type?: "percent_of_commission" | "percent_of_sale" | "flat_on_approval";
                    } | null;
                    /** @description the group's join page: /join/{program}/{slug} */
                    slug?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Group"];
                        /** @constant */
                        object: "group";
                    };
                };
            };
            /** @description invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_state */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "links-list": {
        parameters: {
            query?: {
                affiliate_id?: string;
                campaign_id?: string;
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Link"][];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unknown_resource */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "links-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description affiliate of this workspace (uuid) */
                    affiliate_id: string;
                    /** @description defaults to the affiliate's campaign, else the oldest active one */
                    campaign_id?: string;
                    /** @description defaults to the campaign's destination_url */
                    destination_url?: string;
                    /** @description a label for this placement (an addition to the spec); the referral URL carries it as sub_id */
                    sub_id?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Link"];
                        /** @constant */
                        object: "link";
                    };
                };
            };
            /** @description affiliate_id_required | campaign_id_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unknown_resource */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "moveRules-list": {
        parameters: {
            query?: {
                group_id?: string;
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MoveRule"][];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "moveRules-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description default true */
                    active?: boolean;
                    /** @description all must hold */
                    conditions: components["schemas"]["MoveCondition"][];
                    /** @description the group it moves affiliates out of */
                    group_id: string;
                    /**
                     * Format: int32
                     * @description priority when two rules match: lowest first (default 0), then the oldest rule
                     */
                    position?: number;
                    /** @description the group it moves them to */
                    target_group_id: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MoveRule"];
                        /** @constant */
                        object: "move_rule";
                    };
                };
            };
            /** @description group_id_required | target_group_id_required | conditions_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unknown_resource */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_state | idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "moveRules-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MoveRule"];
                        /** @constant */
                        object: "move_rule";
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "moveRules-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MoveRule"];
                        /** @constant */
                        deleted: true;
                        /** @constant */
                        object: "move_rule";
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "moveRules-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active?: boolean;
                    /** @description all must hold */
                    conditions?: components["schemas"]["MoveCondition"][];
                    /** @description id of a record of this workspace (uuid) */
                    group_id?: string;
                    /** Format: int32 */
                    position?: number;
                    /** @description id of a record of this workspace (uuid) */
                    target_group_id?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MoveRule"];
                        /** @constant */
                        object: "move_rule";
                    };
                };
            };
            /** @description invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found | unknown_resource */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "moveRules-run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /**
                             * Format: int64
                             * @description affiliates evaluated
                             */
                            evaluated: number;
                            /** @description affiliates were left for the next run */
                            more: boolean;
                            /**
                             * Format: int64
                             * @description affiliates moved to another group
                             */
                            moved: number;
                        };
                        /** @constant */
                        object: "move_rule_run";
                    };
                };
            };
            /** @description invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payouts-sendBatch": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description the manager confirms the money leaves
                     * @constant
                     */
                    confirm: true;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        batch_id: string;
                        /** @constant */
                        object: "payout_batch_send";
                        /** @description the lines sent, as they are after the answers */
                        sent: components["schemas"]["WorkspacePayout"][];
                        /** @description Stripe and PayPal lines left pending, and why */
                        skipped: {
                            /** Format: uuid */
                            id: string;
                            reason: string;
                        }[];
                    };
                };
            };
            /** @description confirm_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_state | idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payouts-list": {
        parameters: {
            query?: {
                affiliate_id?: string;
                limit?: number;
                offset?: number;
                status?: "pending" | "processing" | "paid" | "failed" | "returned" | "canceled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WorkspacePayout"][];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unknown_resource */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payouts-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WorkspacePayout"][];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payouts-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WorkspacePayout"];
                        /** @constant */
                        object: "payout";
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payouts-setStatus": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description a PayPal transaction id, a bank reference: what finds the payment again */
                    reference?: string;
                    /** @enum {string} */
                    status: "paid" | "failed" | "canceled";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WorkspacePayout"];
                        /** @constant */
                        object: "payout";
                    };
                };
            };
            /** @description status_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_state | idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payouts-undo": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WorkspacePayout"];
                        /** @constant */
                        object: "payout";
                    };
                };
            };
            /** @description invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_state | idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payouts-bulkStatus": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ids: string[];
                    /** @description a PayPal transaction id, a bank reference: what finds the payment again */
                    reference?: string;
                    /** @enum {string} */
                    status: "paid" | "failed" | "canceled";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WorkspacePayout"][];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description ids_required | status_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unknown_resource */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_state | idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payouts-exportCurrencies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PayoutExportCurrency"][];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payouts-exportCsv": {
        parameters: {
            query?: {
                currency?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payouts-preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PayoutPreview"];
                        /** @constant */
                        object: "payout_preview";
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payouts-taxExport": {
        parameters: {
            query: {
                year: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description year_required | invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "products-list": {
        parameters: {
            query?: {
                campaign_id?: string;
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Product"][];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unknown_resource */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "products-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description redirect this product's sales to that campaign's rate */
                    campaign_id?: string | null;
                    /** @description false: sales of this product earn nothing (default true) */
                    commissionable?: boolean;
                    name: string;
                    provider_product_id: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Product"];
                        /** @constant */
                        object: "product";
                    };
                };
            };
            /** @description provider_product_id_required | name_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unknown_resource */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_state | idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "products-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the product's uuid or the provider's product id (prod_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Product"];
                        /** @constant */
                        object: "product";
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "products-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the product's uuid or the provider's product id (prod_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description null removes the redirect */
                    campaign_id?: string | null;
                    commissionable?: boolean;
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Product"];
                        /** @constant */
                        object: "product";
                    };
                };
            };
            /** @description invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found | unknown_resource */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "products-getPolicy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description whether sales of products absent from the catalog still earn the campaign default rate */
                            commission_unmapped_products: boolean;
                        };
                        /** @constant */
                        object: "product_policy";
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "products-setPolicy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    commission_unmapped_products: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description whether sales of products absent from the catalog still earn the campaign default rate */
                            commission_unmapped_products: boolean;
                        };
                        /** @constant */
                        object: "product_policy";
                    };
                };
            };
            /** @description commission_unmapped_products_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "reports-affiliates": {
        parameters: {
            query?: {
                affiliate_id?: string;
                campaign_id?: string;
                currency?: string;
                from?: string;
                limit?: number;
                offset?: number;
                sort?: "revenue" | "conversions" | "commissions";
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            affiliate_id: string;
                            /** Format: int64 */
                            clicks: number;
                            /** Format: int64 */
                            commissions: number;
                            /** Format: int64 */
                            conversions: number;
                            name: string | null;
                            /**
                             * Format: int64
                             * @description affiliates it recruited (all time)
                             */
                            recruits: number;
                            ref_code: string;
                            /** Format: int64 */
                            revenue: number;
                            /**
                             * Format: int64
                             * @description what it earned on its recruits in the range, minor units of the report currency; not in commissions
                             */
                            second_tier: number;
                        }[];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unknown_resource */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "reports-campaigns": {
        parameters: {
            query?: {
                affiliate_id?: string;
                campaign_id?: string;
                currency?: string;
                from?: string;
                limit?: number;
                offset?: number;
                sort?: "revenue" | "conversions" | "commissions";
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            campaign_id: string;
                            /** Format: int64 */
                            clicks: number;
                            /** Format: int64 */
                            commissions: number;
                            /** Format: int64 */
                            conversions: number;
                            name: string;
                            /** Format: int64 */
                            revenue: number;
                            status: string;
                        }[];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unknown_resource */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "reports-groups": {
        parameters: {
            query?: {
                affiliate_id?: string;
                campaign_id?: string;
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            from: string;
                            groups: {
                                /**
                                 * Format: int64
                                 * @description its affiliates now
                                 */
                                affiliates: number;
                                /** @description money in minor units, one entry per currency with any */
                                by_currency: {
                                    /** Format: int64 */
                                    commissions: number;
                                    /** @description lower-case ISO 4217 code */
                                    currency: string;
                                    /** Format: int64 */
                                    revenue: number;
                                }[];
                                /** Format: int64 */
                                clicks: number;
                                /**
                                 * Format: int64
                                 * @description leads and sales
                                 */
                                conversions: number;
                                group_id: string;
                                is_default: boolean;
                                name: string;
                            }[];
                            to: string;
                        };
                        /** @constant */
                        object: "report_groups";
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unknown_resource */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "reports-summary": {
        parameters: {
            query?: {
                affiliate_id?: string;
                campaign_id?: string;
                currency?: string;
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description money of every currency with activity in the range, each apart (never summed across currencies), most sales first */
                            by_currency: {
                                /** Format: int64 */
                                commissions: number;
                                /** @description lower-case ISO 4217 code */
                                currency: string;
                                /** Format: int64 */
                                revenue: number;
                                /** Format: int64 */
                                sales: number;
                            }[];
                            /** Format: int64 */
                            clicks: number;
                            /** Format: int64 */
                            commissions: number;
                            /** @description sales / clicks, 4 decimals; null without clicks */
                            conversion_rate: number | null;
                            /** @description the currency of revenue and commissions above */
                            currency: string;
                            /** @description YYYY-MM-DD in the workspace time zone */
                            from: string;
                            /** Format: int64 */
                            leads: number;
                            /** Format: int64 */
                            revenue: number;
                            /** Format: int64 */
                            sales: number;
                            /** @description YYYY-MM-DD in the workspace time zone */
                            to: string;
                        };
                        /** @constant */
                        object: "report_summary";
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unknown_resource */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "reports-timeseries": {
        parameters: {
            query?: {
                affiliate_id?: string;
                campaign_id?: string;
                currency?: string;
                from?: string;
                interval?: "day" | "week" | "month";
                metric?: "clicks" | "conversions" | "revenue" | "commissions";
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @enum {string} */
                            interval: "day" | "week" | "month";
                            /** @enum {string} */
                            metric: "clicks" | "conversions" | "revenue" | "commissions";
                            points: {
                                /** @description start of the bucket (weeks start on Monday) */
                                period: string;
                                /** Format: int64 */
                                value: number;
                            }[];
                        };
                        /** @constant */
                        object: "report_timeseries";
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unknown_resource */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "rewards-list": {
        parameters: {
            query?: {
                include_archived?: string;
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Reward"][];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "rewards-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description payout (default: paid by payouts, cash or non-cash), account_credit (the commission as billing credit) or free_months
                     * @enum {string}
                     */
                    delivery?: "payout" | "account_credit" | "free_months";
                    /**
                     * Format: int32
                     * @description required with delivery free_months (1-36), refused otherwise
                     */
                    delivery_months?: number;
                    /**
                     * @description who gets account credit or free months: the referred customer (default) or the affiliate as a billing customer
                     * @enum {string}
                     */
                    delivery_target?: "customer" | "affiliate";
                    name: string;
                    /** @description terms.amount is required (amount_required without it) */
                    terms?: {
                        /** @description a percentage (0 < amount <= 100, at most 2 decimals), or integer minor units when is_flat */
                        amount?: number;
                        /** @enum {string} */
                        applies_to_interval?: "any" | "one_time" | "month" | "year";
                        /** @description flat amounts only; defaults to the workspace currency */
                        currency?: string | null;
                        description?: string | null;
                        is_flat?: boolean;
                        length_months?: number | null;
                        /** @enum {string} */
                        length_type?: "one_time" | "limited" | "lifetime";
                    };
                    /**
                     * @description cash (default) or non_cash; non_cash when delivered in the billing system
                     * @enum {string}
                     */
                    type?: "cash" | "non_cash";
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Reward"];
                        /** @constant */
                        object: "reward";
                    };
                };
            };
            /** @description name_required | amount_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "rewards-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Reward"];
                        /** @constant */
                        object: "reward";
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "rewards-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description true archives, false restores */
                    archived?: boolean;
                    /**
                     * @description payout (default: paid by payouts, cash or non-cash), account_credit (the commission as billing credit) or free_months
                     * @enum {string}
                     */
                    delivery?: "payout" | "account_credit" | "free_months";
                    /** @description free_months only (1-36) */
                    delivery_months?: number | null;
                    /**
                     * @description who gets account credit or free months: the referred customer (default) or the affiliate as a billing customer
                     * @enum {string}
                     */
                    delivery_target?: "customer" | "affiliate";
                    name?: string;
                    terms?: {
                        /** @description a percentage (0 < amount <= 100, at most 2 decimals), or integer minor units when is_flat */
                        amount?: number;
                        /** @enum {string} */
                        applies_to_interval?: "any" | "one_time" | "month" | "year";
                        /** @description flat amounts only; defaults to the workspace currency */
                        currency?: string | null;
                        description?: string | null;
                        is_flat?: boolean;
                        length_months?: number | null;
                        /** @enum {string} */
                        length_type?: "one_time" | "limited" | "lifetime";
                    };
                    /** @enum {string} */
                    type?: "cash" | "non_cash";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Reward"];
                        /** @constant */
                        object: "reward";
                    };
                };
            };
            /** @description amount_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "risk-assess": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description an affiliate of this workspace (uuid) */
                    affiliate_id: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RiskAssessment"];
                        /** @constant */
                        object: "risk_assessment";
                    };
                };
            };
            /** @description affiliate_id_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unknown_resource */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "risk-dismiss": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RiskAssessment"];
                        /** @constant */
                        object: "risk_assessment";
                    };
                };
            };
            /** @description invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "risk-flags": {
        parameters: {
            query?: {
                affiliate_id?: string;
                include_dismissed?: string;
                limit?: number;
                offset?: number;
                risk_level?: "low" | "medium" | "high" | "critical";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RiskAssessment"][];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unknown_resource */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "settings-get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Settings"];
                        /** @constant */
                        object: "settings";
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "settings-update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    auto_approve_affiliates?: boolean;
                    auto_approve_commissions?: boolean;
                    brand_color?: string | null;
                    currency?: string;
                    /**
                     * @description join-page applications from disposable e-mail domains: refuse (400), flag (held pending for review, never auto-approved; the default) or allow
                     * @enum {string}
                     */
                    disposable_email_policy?: "refuse" | "flag" | "allow";
                    /** @description origins allowed to frame the embedded referral page (at most 10); empty: no embedding */
                    embed_origins?: string[];
                    /**
                     * Format: int32
                     * @description days a sale stays pending before it is confirmed
                     */
                    hold_days?: number;
                    join_slug?: string | null;
                    /** @description a payment provider's new customer is linked to the lead recorded (POST /v1/track/lead) with the same e-mail; default true */
                    link_customers_by_email?: boolean;
                    logo_url?: string | null;
                    /**
                     * Format: int64
                     * @description smallest payout, integer minor units
                     */
                    min_payout?: number;
                    program_name?: string | null;
                    /** @description an affiliate without a tax form is not paid above tax_form_threshold per calendar year; default false */
                    tax_form_required?: boolean;
                    /**
                     * Format: int64
                     * @description payouts per calendar year (UTC) an affiliate without a tax form may receive, integer minor units of the workspace currency; default 200000 (USD 2,000, the 1099-NEC threshold from 2026)
                     */
                    tax_form_threshold?: number;
                    terms_url?: string | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Settings"];
                        /** @constant */
                        object: "settings";
                    };
                };
            };
            /** @description invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_state */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "track-click": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    fingerprint?: string;
                    ip?: string;
                    ref: string;
                    referrer?: string;
                    url?: string;
                    user_agent?: string;
                    visitor_id?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClickResult"];
                };
            };
            /** @description ref_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "track-lead": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: int64
                     * @description minor currency units
                     */
                    amount?: number;
                    currency?: string;
                    customer_id?: string;
                    /** @description a lead's: kept only as a salted hash, to link a Stripe or Paddle customer with this e-mail (docs/integrations/stripe.md); a sale's is not stored */
                    email?: string;
                    external_id: string;
                    fingerprint?: string;
                    /** @enum {string} */
                    interval?: "one_time" | "month" | "year";
                    ip?: string;
                    is_test?: boolean;
                    manual_code?: string;
                    product_id?: string;
                    ref?: string;
                    referrer?: string;
                    ts?: string;
                    url?: string;
                    user_agent?: string;
                    visitor_id?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrackResult"];
                };
            };
            /** @description external_id_required | visitor_id_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "track-refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: int64
                     * @description total refunded so far, minor units; omit for a full refund
                     */
                    amount?: number;
                    external_id: string;
                    /** @enum {string} */
                    reason?: "refund" | "chargeback";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefundResult"];
                };
            };
            /** @description external_id_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conversion_failed */
            422: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "track-sale": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: int64
                     * @description minor currency units
                     */
                    amount: number;
                    currency?: string;
                    customer_id?: string;
                    /** @description a lead's: kept only as a salted hash, to link a Stripe or Paddle customer with this e-mail (docs/integrations/stripe.md); a sale's is not stored */
                    email?: string;
                    external_id: string;
                    /**
                     * Format: int64
                     * @description the payment provider's fee on this sale, minor units, 0 to amount; omit when not known
                     */
                    fee?: number;
                    fingerprint?: string;
                    /** @enum {string} */
                    interval?: "one_time" | "month" | "year";
                    ip?: string;
                    is_test?: boolean;
                    manual_code?: string;
                    product_id?: string;
                    ref?: string;
                    referrer?: string;
                    /**
                     * Format: int64
                     * @description tax included in amount, minor units, 0 to amount; omit when not known (docs/commissions.md#revenue-basis)
                     */
                    tax?: number;
                    ts?: string;
                    url?: string;
                    user_agent?: string;
                    visitor_id?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrackResult"];
                };
            };
            /** @description external_id_required | visitor_id_required | amount_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks-list": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpoint"][];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description default true */
                    active?: boolean;
                    description?: string | null;
                    /** @description event names of the catalog, or "*" for all */
                    events: ("affiliate.created" | "affiliate.updated" | "affiliate.group_changed" | "campaign.created" | "campaign.updated" | "conversion.created" | "conversion.updated" | "commission.created" | "commission.updated" | "payout.created" | "payout.updated" | "payout.sent" | "payout.paid" | "payout.failed" | "risk.flagged" | "bounty_submission.created" | "bounty_submission.approved" | "bounty_submission.rejected" | "*")[];
                    url: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpointWithSecret"];
                        /** @constant */
                        object: "webhook_endpoint";
                    };
                };
            };
            /** @description url_required | events_required | invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpoint"];
                        /** @constant */
                        object: "webhook_endpoint";
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpoint"];
                        /** @constant */
                        deleted: true;
                        /** @constant */
                        object: "webhook_endpoint";
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active?: boolean;
                    description?: string | null;
                    events?: ("affiliate.created" | "affiliate.updated" | "affiliate.group_changed" | "campaign.created" | "campaign.updated" | "conversion.created" | "conversion.updated" | "commission.created" | "commission.updated" | "payout.created" | "payout.updated" | "payout.sent" | "payout.paid" | "payout.failed" | "risk.flagged" | "bounty_submission.created" | "bounty_submission.approved" | "bounty_submission.rejected" | "*")[];
                    url?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpoint"];
                        /** @constant */
                        object: "webhook_endpoint";
                    };
                };
            };
            /** @description invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks-deliveries": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "pending" | "succeeded" | "failed";
            };
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookDelivery"][];
                        has_more: boolean;
                        /** Format: int64 */
                        limit: number;
                        /** @constant */
                        object: "list";
                        /** Format: int64 */
                        offset: number;
                        resource: string;
                    };
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks-redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                delivery_id: string;
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookDelivery"];
                        /** @constant */
                        object: "webhook_delivery";
                    };
                };
            };
            /** @description invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks-rotateSecret": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpointWithSecret"];
                        /** @constant */
                        object: "webhook_endpoint";
                    };
                };
            };
            /** @description invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks-test": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description record id (uuid) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookDelivery"];
                        /** @constant */
                        object: "webhook_delivery";
                    };
                };
            };
            /** @description invalid_request | invalid_json */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unauthorized */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description insufficient_scope */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description link_not_found */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description idempotency_conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payload_too_large */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported_media_type */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
