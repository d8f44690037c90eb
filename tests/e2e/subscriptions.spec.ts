import { request, type Page } from "@playwright/test";
import { expect, jsEnabled, NEW_CONNECTION, newMember, open, signedIn as test, subscribeToNewCreators, uniqueWord, verify, type Member } from "./fixtures";

/**
 * The verified badge, the creator offering, subscribing and subscriber-only posts (issue 15; spec
 * document 2 §2, §4, §5, §8; docs/decisions/037), with JavaScript (dialogs, fetchers) and without
 * (pages and post/redirect/get). Payments go through the embedded test-mode provider.
 */


/** A verified creator offering subscriptions at `price`, set through the real settings form. */
async function creator(baseURL: string, price: string): Promise<Member> {
  const maker = await newMember(baseURL);
  await verify(baseURL, maker.username);
  const response = await maker.api.post("/settings/profile", { form: { intent: "subscription-price", price } });
  expect(response.status(), await response.text()).toBe(200);
  return maker;
}

/** A subscriber-only post through the real composer form. */
async function subscriberPost(maker: Member, content: string) {
  const response = await maker.api.post("/compose", {
    multipart: { intent: "post", content, visibility: "subscribers", returnTo: "/" },
    maxRedirects: 0,
    headers: { Origin: maker.origin, ...NEW_CONNECTION },
  });
  expect(response.status(), await response.text()).toBe(302);
}

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text }).first();

test.describe("subscriptions and the verified badge", () => {
  test("a badge Murmur gave: Verified by Murmur, nothing to subscribe to, and the member's numbers", async ({ page, baseURL, me }) => {
    await verify(baseURL!, me.username);
    await open(page, "/verified");
    await expect(page.getByText("Verified Account")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Verified by Murmur" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Subscribe Now" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Your analytics" })).toBeVisible();
  });

  test("get verified, then cancel: the badge stays until the period ends", async ({ page }) => {
    await open(page, "/verified");
    await expect(page.getByText("Not Verified")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Get Verified" })).toBeVisible();
    await expect(page.getByText("$9.99")).toBeVisible();
    for (const benefit of ["Verified Badge", "Monetization", "Priority Support", "Advanced Analytics"]) await expect(page.getByText(benefit, { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Subscribe Now" }).click();
    await expect(toast(page, "Verified subscription activated!")).toBeVisible();
    await expect(page.getByText("Verified Account")).toBeVisible();
    // Advanced Analytics, now theirs: their posts in numbers.
    await expect(page.getByRole("heading", { name: "Your analytics" })).toBeVisible();
    await expect(page.getByText("Your numbers show here once you have posted.")).toBeVisible();
    await expect(page.getByText("Next billing date")).toBeVisible();

    await page.getByRole("link", { name: "Cancel Subscription" }).click();
    if (!jsEnabled()) await expect(page).toHaveURL(/\/verified\/cancel$/);
    await expect(page.getByText("Are you sure you want to cancel your verified subscription? You will lose access to verified features.")).toBeVisible();
    await page.getByRole("button", { name: "Cancel Subscription" }).click();
    await expect(toast(page, "Verified subscription cancelled")).toBeVisible();
    await expect(page).toHaveURL(/\/verified$/);
    await expect(page.getByText("Ends on")).toBeVisible();
    await expect(page.getByText("Verified Account")).toBeVisible();
  });

  test("offer subscriptions: verified members only, $4.99 when switched on, a price below $1 refused", async ({ page, baseURL, me }) => {
    await open(page, "/settings/profile");
    await expect(page.getByText("Only verified users can offer profile subscriptions. Get verified to unlock monetization features.")).toBeVisible();
    await verify(baseURL!, me.username);
    await open(page, "/settings/profile");
    await page.getByRole("button", { name: "Enable subscriptions" }).click();
    await expect(toast(page, "Subscription offering enabled")).toBeVisible();
    const price = page.getByLabel("Monthly price (USD)");
    await expect(price).toHaveValue("4.99");
    await expect(page.getByText("100 subscribers: $499.00 / month")).toBeVisible();

    await price.fill("0.5");
    const hint = "Set to $0 to disable subscriptions. Minimum $1 for paid subscriptions.";
    if (jsEnabled()) {
      await expect(page.getByRole("button", { name: "Save", exact: true })).toBeDisabled();
      await expect(page.getByText(hint)).toBeVisible();
    } else {
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(toast(page, hint)).toBeVisible();
    }
    await open(page, "/settings/profile");
    await expect(page.getByLabel("Monthly price (USD)")).toHaveValue("4.99");

    await page.getByLabel("Monthly price (USD)").fill("9.99");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(toast(page, "Subscription price updated")).toBeVisible();
    await expect(page.getByText("Subscriptions are on at $9.99 a month.")).toBeVisible();

    await page.getByRole("button", { name: "Disable subscriptions" }).click();
    await expect(toast(page, "Subscription offering disabled")).toBeVisible();
    await expect(page.getByRole("button", { name: "Enable subscriptions" })).toBeVisible();
  });

  test("subscribe monthly: the subscriber-only post opens; it stays locked for others and visitors; cancel keeps access until the end", async ({ page, baseURL }) => {
    const maker = await creator(baseURL!, "4.99");
    const secret = `For my subscribers ${uniqueWord("sub")}`;
    await subscriberPost(maker, secret);

    await open(page, `/profile/${maker.username}`);
    await expect(page.getByText("This post is for subscribers").first()).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);

    await page.getByRole("link", { name: "Subscribe · $4.99/month" }).click();
    if (!jsEnabled()) await expect(page).toHaveURL(new RegExp(`/profile/${maker.username}/subscribe$`));
    await expect(page.getByText("$47.90 / year")).toBeVisible();
    await expect(page.getByText("Save 20%")).toBeVisible();
    await page.getByRole("radio", { name: /Monthly/ }).check();
    await page.getByRole("button", { name: "Subscribe", exact: true }).click();
    await expect(toast(page, `Subscribed to ${maker.account.displayName}!`)).toBeVisible();
    await expect(page.getByText(secret)).toBeVisible();
    await expect(page.getByText(/Subscribed until .* \(monthly, \$4\.99\)/)).toBeVisible();

    // Someone else, and a signed-out visitor, still see only the lock.
    const other = await newMember(baseURL!);
    const otherPage = await (await other.api.get(`/profile/${maker.username}`)).text();
    expect(otherPage).not.toContain(secret);
    expect(otherPage).toContain("This post is for subscribers");
    const visitor = await request.newContext({ baseURL, extraHTTPHeaders: NEW_CONNECTION });
    const visitorPage = await (await visitor.get(`/profile/${maker.username}`)).text();
    expect(visitorPage).not.toContain(secret);
    await visitor.dispose();

    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await expect(toast(page, "Subscription cancelled successfully!")).toBeVisible();
    await expect(page.getByText(/Subscription cancelled\. You have access until/)).toBeVisible();
    await expect(page.getByText(secret)).toBeVisible();
    // Still listed until it ends, but no longer in the total per month: it will not be paid for again.
    await open(page, "/subscriptions");
    await expect(page.getByRole("list", { name: "Subscribed" }).getByText(maker.account.displayName)).toBeVisible();
    await expect(page.getByTestId("monthly-total")).toHaveText("$0.00");
  });

  test("a creator who stops offering: the subscriber is told it is the creator's doing, and keeps access until the end", async ({ page, baseURL, me }) => {
    const maker = await creator(baseURL!, "4.99");
    const secret = `Until the end ${uniqueWord("stop")}`;
    await subscriberPost(maker, secret);
    const subscribed = await me.api.post(`/profile/${maker.username}`, {
      form: { intent: "subscribe", plan: "monthly", priceCents: "499", returnTo: `/profile/${maker.username}` },
      maxRedirects: 0,
      headers: { Origin: me.origin, ...NEW_CONNECTION },
    });
    expect(subscribed.status(), await subscribed.text()).toBe(302);
    const stopped = await maker.api.post("/settings/profile", { form: { intent: "subscription-offering", offer: "off" } });
    expect(stopped.status(), await stopped.text()).toBe(200);

    await open(page, `/profile/${maker.username}`);
    await expect(page.getByText(new RegExp(`${maker.account.displayName} no longer offers subscriptions\\. You have access until`))).toBeVisible();
    await expect(page.getByText(/Subscription cancelled\./)).toHaveCount(0);
    await expect(page.getByText(secret)).toBeVisible();
    await expect(page.getByRole("button", { name: "Subscribe again" })).toHaveCount(0);
  });

  test("a price changed while the subscribe dialog was open is refused with the new price and charges nothing; the new price can then be taken", async ({ page, baseURL }) => {
    const maker = await creator(baseURL!, "4.99");
    await open(page, `/profile/${maker.username}`);
    await page.getByRole("link", { name: "Subscribe · $4.99/month" }).click();
    await expect(page.getByText("$4.99 / month")).toBeVisible();
    // The creator raises the price meanwhile.
    const raised = await maker.api.post("/settings/profile", { form: { intent: "subscription-price", price: "6" } });
    expect(raised.status()).toBe(200);
    await page.getByRole("button", { name: "Subscribe", exact: true }).click();
    await expect(toast(page, "The price changed to $6.00 a month. Please check it and subscribe again.")).toBeVisible();
    await open(page, `/profile/${maker.username}`);
    await expect(page.getByText(/Subscribed until/)).toHaveCount(0);

    await page.getByRole("link", { name: "Subscribe · $6.00/month" }).click();
    await page.getByRole("button", { name: "Subscribe", exact: true }).click();
    await expect(toast(page, `Subscribed to ${maker.account.displayName}!`)).toBeVisible();
    await expect(page.getByText(/Subscribed until .* \(monthly, \$6\.00\)/)).toBeVisible();
  });

  test("subscribe yearly from Discover; Subscribed lists it with the total a month", async ({ page, baseURL }) => {
    const maker = await creator(baseURL!, "10");
    await open(page, "/subscriptions?tab=discover");
    const card = page.getByRole("listitem").filter({ hasText: maker.account.displayName });
    await card.getByRole("link", { name: `Subscribe · $10.00/mo to ${maker.account.displayName}` }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/${maker.username}/subscribe$`));
    await page.getByRole("radio", { name: /Yearly/ }).check();
    await page.getByRole("button", { name: "Subscribe", exact: true }).click();
    await expect(toast(page, `Subscribed to ${maker.account.displayName}!`)).toBeVisible();
    await expect(page.getByText(/Subscribed until .* \(yearly, \$96\.00\)/)).toBeVisible();

    await open(page, "/subscriptions");
    await expect(page.getByRole("link", { name: "Subscribed" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("list", { name: "Subscribed" }).getByText(maker.account.displayName)).toBeVisible();
    await expect(page.getByTestId("monthly-total")).toHaveText("$8.00");
  });

  test("Subscribed pages past 50: the first 50, then 'Load more' for the rest, every creator once", async ({ page, baseURL, me }) => {
    // All 51 end at the same moment: the page after the first 50 continues by id alone.
    const makers = await subscribeToNewCreators(baseURL!, me.username, 51);
    const entries = page.getByRole("list", { name: "Subscribed" }).getByRole("listitem");
    // Each entry shows its creator's @username.
    const shown = async () => (await entries.allTextContents()).map((text) => /@(\w+)/.exec(text)?.[1]);

    await open(page, "/subscriptions");
    await expect(entries).toHaveCount(50);
    const firstPage = await shown();
    await page.getByRole("link", { name: "Load more" }).click();
    let seen: (string | undefined)[];
    if (jsEnabled()) {
      // The rest appended under the first page, which stays as it was.
      await expect(entries).toHaveCount(51);
      seen = await shown();
      expect(seen.slice(0, 50)).toEqual(firstPage);
    } else {
      await expect(page).toHaveURL(/\/subscriptions\?cursor=/);
      await expect(entries).toHaveCount(1);
      seen = [...firstPage, ...(await shown())];
    }
    await expect(page.getByRole("link", { name: "Load more" })).toHaveCount(0);
    expect(seen.toSorted()).toEqual(makers.toSorted());
  });
});
