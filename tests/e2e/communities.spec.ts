import type { Locator, Page } from "@playwright/test";
import { mkdirSync, truncateSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { COMMENT_MAX_LENGTH, IMAGE_MAX_BYTES } from "~/lib/constants";
import {
  expect,
  jsEnabled,
  NEW_CONNECTION,
  newAccount,
  newMember,
  open,
  signedIn,
  signInAsNewMember,
  submitAndSettle,
  test,
  uniqueWord,
  type Member,
} from "./fixtures";

/**
 * Communities and invite links (issue 13; spec document 2 §2, §4, §8). Set-up another member would do
 * (a community, an invite, a join) goes over HTTP through the real forms; what the test is about goes
 * through the interface, with JavaScript (dialogs) and without (pages).
 */

type Community = { id: string; name: string };

const communityName = (prefix: string) => `${prefix} ${uniqueWord("cm")}`;

/** A community made through the real Create Community form (as without JavaScript). */
async function createCommunityAs(member: Pick<Member, "api" | "origin">, name: string, { description, isPrivate = false }: { description?: string; isPrivate?: boolean } = {}): Promise<Community> {
  const multipart = new FormData();
  multipart.set("intent", "community-create");
  multipart.set("name", name);
  if (description) multipart.set("description", description);
  if (isPrivate) multipart.set("isPrivate", "on");
  const response = await member.api.post("/communities/new", { multipart, maxRedirects: 0, headers: { Origin: member.origin, ...NEW_CONNECTION } });
  expect(response.status(), await response.text()).toBe(302);
  const id = response.headers().location?.match(/\/community\/([^/?#]+)$/)?.[1];
  expect(id, `the new community's address (${response.headers().location})`).toBeTruthy();
  return { id: id!, name };
}

/** An invite made through the Invite Links form (over HTTP); answers its code, read from the list. */
async function createInviteAs(member: Pick<Member, "api" | "origin">, communityId: string, { maxUses }: { maxUses?: number } = {}): Promise<string> {
  const form: Record<string, string> = { intent: "invite-create" };
  if (maxUses !== undefined) form.maxUses = String(maxUses);
  const created = await member.api.post(`/community/${communityId}/invites`, { form, maxRedirects: 0, headers: { Origin: member.origin, ...NEW_CONNECTION } });
  expect(created.status(), await created.text()).toBe(200);
  const list = await member.api.get(`/community/${communityId}/invites`, { headers: NEW_CONNECTION });
  const code = (await list.text()).match(/\/invite\/([A-Z0-9]{8})\b/)?.[1];
  expect(code, "an invite code on the Invite Links page").toBeTruthy();
  return code!;
}

/** `member` joins with the invite (Join Community on /invite/{code}, over HTTP). */
async function joinByInviteAs(member: Pick<Member, "api" | "origin">, code: string) {
  const response = await member.api.post(`/invite/${code}`, {
    form: { intent: "invite-join", code, returnTo: `/invite/${code}` },
    maxRedirects: 0,
    headers: { Origin: member.origin, ...NEW_CONNECTION },
  });
  expect(response.status(), await response.text()).toBe(302);
  expect(response.headers().location).toMatch(/\/community\//);
}

/** 'Create' on /communities: the Create Community dialog with JavaScript, the /communities/new page without. */
async function openCreate(page: Page): Promise<Locator> {
  await open(page, "/communities");
  await page.getByRole("link", { name: "Create", exact: true }).click();
  if (jsEnabled()) {
    const dialog = page.getByRole("dialog", { name: "Create Community" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/communities$/);
    // It opens on its first field, not on its ✕.
    await expect(dialog.getByLabel("Name", { exact: true })).toBeFocused();
    return dialog;
  }
  await expect(page).toHaveURL(/\/communities\/new$/);
  await expect(page.getByRole("heading", { name: "Create Community", level: 1 })).toBeVisible();
  return page.locator("main");
}

/** The community page's header line with the member count ('1 member', '2 members'). */
const memberCount = (page: Page, count: number) => page.locator("header").getByText(`${count} ${count === 1 ? "member" : "members"}`, { exact: true });

test.describe("communities", () => {
  signedIn("Create: the name is required, then 'Community created successfully!' on the new community's page", async ({ page, account }) => {
    const name = communityName("Gardeners");
    const form = await openCreate(page);
    await form.getByRole("button", { name: "Create", exact: true }).click();
    await expect(form.getByText("Community name is required")).toBeVisible();
    await expect(form.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");

    await form.getByLabel("Name", { exact: true }).fill(name);
    await form.getByLabel("Description", { exact: true }).fill("Seeds, soil and patience.");
    await form.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page.getByText("Community created successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/community\/[^/?#]+$/);
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(page.getByText("Seeds, soil and patience.")).toBeVisible();
    await expect(memberCount(page, 1)).toBeVisible();
    await expect(page.getByRole("link", { name: `by @${account.username}`, exact: true })).toBeVisible();
    if (jsEnabled()) await expect(page.getByRole("dialog")).toHaveCount(0);
    // The creator is its one member, with the Creator role; it is in their Joined tab.
    await page.getByRole("link", { name: "Members (1)", exact: true }).click();
    await expect.soft(page.getByRole("list", { name: "Members" }).getByRole("listitem").filter({ hasText: `@${account.username}` })).toContainText("Creator");
    await open(page, "/communities");
    await expect.soft(page.getByRole("list", { name: "Joined" }).getByRole("link", { name, exact: true })).toBeVisible();
  });

  signedIn("Create with a picture over 5MB: 'Image size must be less than 5MB', and nothing is created", async ({ page }, testInfo) => {
    // Sparse: 5MB and a byte, written in no time.
    const big = testInfo.outputPath("too-big.png");
    mkdirSync(dirname(big), { recursive: true });
    writeFileSync(big, "");
    truncateSync(big, IMAGE_MAX_BYTES + 1);
    const name = communityName("Heavy");
    const form = await openCreate(page);
    await form.getByLabel("Name", { exact: true }).fill(name);
    await form.getByLabel("Community image", { exact: true }).setInputFiles(big);
    // With JavaScript it is refused as it is picked and never sent; without, the server refuses it.
    if (!jsEnabled()) await form.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page.getByText("Image size must be less than 5MB")).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
    await open(page, "/communities");
    await expect(page.getByRole("list", { name: "Joined" }).getByRole("link", { name, exact: true })).toHaveCount(0);
  });

  signedIn("Create with a name that exists in another case: 'A community with this name already exists'", async ({ page, baseURL }) => {
    const owner = await newMember(baseURL!);
    const existing = await createCommunityAs(owner, communityName("Birders"));
    const form = await openCreate(page);
    await form.getByLabel("Name", { exact: true }).fill(existing.name.toUpperCase());
    await form.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page.getByText("A community with this name already exists").first()).toBeVisible();
    // Nothing was made: the form is still there with what was typed.
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue(existing.name.toUpperCase());
    await expect(page).toHaveURL(jsEnabled() ? /\/communities$/ : /\/communities\/new$/);
  });

  signedIn("another member joins and leaves: the spec's toasts, and the member count follows", async ({ page, baseURL, account }) => {
    const owner = await newMember(baseURL!);
    const community = await createCommunityAs(owner, communityName("Runners"), { description: "Early miles" });
    await open(page, `/community/${community.id}`);
    await expect(page.getByRole("heading", { name: community.name, level: 1 })).toBeVisible();
    await expect(memberCount(page, 1)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Join to see posts" })).toBeVisible();
    // A non-member has neither Post nor Leave, nor the creator's buttons.
    await expect(page.getByRole("link", { name: "Post", exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Edit", exact: true })).toHaveCount(0);

    await submitAndSettle(page, page.getByRole("button", { name: "Join Community", exact: true }));
    await expect(page.getByText("Joined community successfully!")).toBeVisible();
    await expect(memberCount(page, 2)).toBeVisible();
    await expect(page.getByRole("link", { name: "Members (2)", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Post", exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Members (2)", exact: true }).click();
    const members = page.getByRole("list", { name: "Members" });
    await expect.soft(members.getByRole("listitem").filter({ hasText: `@${account.username}` })).toContainText("Member");
    await expect.soft(members.getByRole("listitem").filter({ hasText: `@${owner.username}` })).toContainText("Creator");

    await submitAndSettle(page, page.getByRole("button", { name: "Leave", exact: true }));
    await expect(page.getByText("Left community successfully!")).toBeVisible();
    await expect(memberCount(page, 1)).toBeVisible();
    await expect(page.getByRole("link", { name: "Members (1)", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Join Community", exact: true })).toBeVisible();
  });

  signedIn("a private community shows a non-member only 'Private Community', and no search finds it", async ({ page, baseURL }) => {
    const owner = await newMember(baseURL!);
    const secret = await createCommunityAs(owner, communityName("Hidden"), { description: "Members only talk", isPrivate: true });
    const response = await page.goto(`/community/${secret.id}`);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Private Community", level: 1 })).toBeVisible();
    await expect(page.getByText("This is a private community. You need an invitation to join.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse Communities" })).toBeVisible();
    await expect(page.getByText(secret.name)).toHaveCount(0);
    await expect(page.getByText("Members only talk")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Join Community" })).toHaveCount(0);
    await page.getByRole("link", { name: "Browse Communities" }).click();
    await expect(page).toHaveURL(/\/communities$/);
    // Not in Discover's search either.
    await open(page, `/communities?${new URLSearchParams({ tab: "discover", q: secret.name.split(" ")[1]! })}`);
    await expect(page.getByRole("heading", { name: "No communities found" })).toBeVisible();
  });

  signedIn("Invite: the creator makes a one-use link, a member joins with it ('Welcome to …!'), then it is used up", async ({ page, baseURL, context, account }) => {
    const community = await createCommunityAs({ api: page.request, origin: baseURL! }, communityName("Bakers"), { isPrivate: true });
    await open(page, `/community/${community.id}`);
    await page.getByRole("link", { name: "Invite", exact: true }).click();
    let links: Locator;
    if (jsEnabled()) {
      links = page.getByRole("dialog", { name: "Invite Links" });
      await expect(links).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/community/${community.id}$`));
    } else {
      await expect(page).toHaveURL(new RegExp(`/community/${community.id}/invites$`));
      await expect(page.getByRole("heading", { name: "Invite Links", level: 1 })).toBeVisible();
      links = page.locator("main");
    }
    await expect(links.getByText("No invite links yet")).toBeVisible();
    await links.getByLabel("Max uses", { exact: true }).fill("1");
    await links.getByRole("button", { name: "Create Invite Link" }).click();
    await expect(page.getByText("Invite created successfully!")).toBeVisible();
    const link = links.getByLabel("Invite link", { exact: true });
    await expect(link).toHaveCount(1);
    await expect(link).toHaveAttribute("readonly", "");
    const url = await link.inputValue();
    expect(url).toMatch(new RegExp(`^${baseURL}/invite/[A-Z0-9]{8}$`));
    const code = url.split("/").pop()!;
    const row = links.getByRole("listitem").filter({ has: page.getByLabel("Invite link", { exact: true }) });
    await expect(row).toContainText(`by @${account.username}`);
    await expect(row).toContainText("Never expires");
    await expect(row).toContainText("0 / 1 uses");
    if (jsEnabled()) {
      await expect(row.getByRole("button", { name: `Copy invite link ${code}` })).toBeEnabled();
      await expect(row.getByRole("button", { name: `Share invite link ${code}` })).toBeEnabled();
    } else {
      await expect(links.getByText("Select a link and copy it to share it.")).toBeVisible();
    }
    await expect(row.getByRole("button", { name: `Delete invite ${code}` })).toBeVisible();

    // Someone else, signed in, opens the link and joins the private community.
    const guest = await signInAsNewMember(context, baseURL!);
    await open(page, `/invite/${code}`);
    await expect(page.getByRole("heading", { name: community.name, level: 1 })).toBeVisible();
    await expect(page.getByText(`@${account.username} invited you to join`)).toBeVisible();
    await expect(page.getByText("Private community")).toBeVisible();
    await expect(page.getByRole("link", { name: "Decline" })).toHaveAttribute("href", "/communities");
    await page.getByRole("button", { name: "Join Community" }).click();
    await expect(page.getByText(`Welcome to ${community.name}!`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/community/${community.id}$`));
    await expect(page.getByRole("heading", { name: community.name, level: 1 })).toBeVisible();
    await expect(memberCount(page, 2)).toBeVisible();
    await page.getByRole("link", { name: "Members (2)", exact: true }).click();
    await expect.soft(page.getByRole("list", { name: "Members" }).getByRole("listitem").filter({ hasText: `@${guest.username}` })).toContainText("Member");

    // Its one use is spent: a third member is told so, and cannot join.
    await signInAsNewMember(context, baseURL!);
    await open(page, `/invite/${code}`);
    await expect(page.getByRole("heading", { name: "This invite link has reached its maximum number of uses", level: 1 })).toBeVisible();
    await expect(page.getByText("Ask the person who invited you for a new link.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Join Community" })).toHaveCount(0);
    await expect(page.getByText(community.name)).toHaveCount(0);
  });

  test("Invite through sign-up: a visitor creates an account from the invite, comes back to it and joins", async ({ page, baseURL }) => {
    const owner = await newMember(baseURL!);
    const community = await createCommunityAs(owner, communityName("Climbers"), { description: "Ropes and rocks" });
    const code = await createInviteAs(owner, community.id);
    await open(page, `/invite/${code}`);
    await expect(page.getByRole("heading", { name: community.name, level: 1 })).toBeVisible();
    await expect(page.getByText("Ropes and rocks")).toBeVisible();
    const invitation = page.getByRole("article").filter({ has: page.getByRole("heading", { name: community.name }) });
    await expect(invitation.getByRole("link", { name: "Sign In to Join" })).toHaveAttribute("href", `/auth?${new URLSearchParams({ returnTo: `/invite/${code}` })}`);
    await expect(page.getByRole("button", { name: "Join Community" })).toHaveCount(0);
    // The invitation's own ways in, not the visitor frame's prompt as well.
    await expect(page.getByRole("region", { name: "Join Murmur" })).toHaveCount(0);

    await invitation.getByRole("link", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/auth\?/);
    expect(new URL(page.url()).searchParams.get("returnTo")).toBe(`/invite/${code}`);
    expect(new URL(page.url()).searchParams.get("signUp")).toBe("true");
    const account = newAccount();
    await page.getByLabel("Display Name").fill(account.displayName);
    await page.getByLabel("Username").fill(account.username);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByLabel("Confirm Password").fill(account.password);
    await page.getByRole("button", { name: "Sign Up" }).click();

    await expect(page).toHaveURL(new RegExp(`/invite/${code}$`));
    await expect(page.getByText("Account created successfully!")).toBeVisible();
    await expect(page.getByRole("heading", { name: community.name, level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Join Community" }).click();
    await expect(page.getByText(`Welcome to ${community.name}!`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/community/${community.id}$`));
    await expect(memberCount(page, 2)).toBeVisible();
    await expect(page.getByRole("button", { name: "Leave", exact: true })).toBeVisible();
  });

  signedIn("the creator makes a member an admin: '{name} is now an admin', and the Members tab says so", async ({ page, baseURL }) => {
    const community = await createCommunityAs({ api: page.request, origin: baseURL! }, communityName("Choir"));
    const singer = await newMember(baseURL!);
    await joinByInviteAs(singer, await createInviteAs({ api: page.request, origin: baseURL! }, community.id));
    await open(page, `/community/${community.id}?tab=members`);
    const row = page.getByRole("list", { name: "Members" }).getByRole("listitem").filter({ hasText: `@${singer.username}` });
    // The role's label beside the name (the select's options name every role).
    const label = (item: typeof row) => item.locator(":scope > span");
    await expect(label(row)).toHaveText("Member");
    await row.getByRole("combobox").selectOption("admin");
    await submitAndSettle(page, row.getByRole("button", { name: "Save", exact: true }));
    await expect(page.getByText(/is now an admin$/)).toBeVisible();
    await expect(label(page.getByRole("list", { name: "Members" }).getByRole("listitem").filter({ hasText: `@${singer.username}` }))).toHaveText("Admin");
  });

  test("a used-up invite says 'This invite link has reached its maximum number of uses', signed out too", async ({ page, baseURL }) => {
    const owner = await newMember(baseURL!);
    const community = await createCommunityAs(owner, communityName("Chess"));
    const code = await createInviteAs(owner, community.id, { maxUses: 1 });
    await joinByInviteAs(await newMember(baseURL!), code);
    const response = await page.goto(`/invite/${code}`);
    expect(response?.status()).toBeGreaterThanOrEqual(400);
    await expect(page.getByRole("heading", { name: "This invite link has reached its maximum number of uses", level: 1 })).toBeVisible();
    await expect(page.getByText("Ask the person who invited you for a new link.")).toBeVisible();
    // Nothing to join with: no Sign In to Join, no Join Community; the frame's prompt to join Murmur.
    await expect(page.getByRole("link", { name: "Sign In to Join" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Join Community" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Join Murmur" })).toBeVisible();
  });

  signedIn("an expired invite says 'This invite link has expired' and joins no one", async ({ page, baseURL }) => {
    const owner = await newMember(baseURL!);
    const community = await createCommunityAs(owner, communityName("Kayak"));
    const code = await createInviteAs(owner, community.id);
    // The form's shortest expiry is a day: the local fixtures move this one's into the past.
    const expired = await owner.api.post("/dev/fixtures", { form: { intent: "invite-expire", code }, headers: { Origin: owner.origin } });
    expect(expired.status()).toBe(200);
    const response = await page.goto(`/invite/${code}`);
    expect(response?.status()).toBe(410);
    await expect(page.getByRole("heading", { name: "This invite link has expired", level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Join Community" })).toHaveCount(0);
  });

  test("an unknown invite code is 'Invite not found', a malformed one 'Invalid invite link'", async ({ page }) => {
    await open(page, "/invite/ZZZZ0000");
    await expect(page.getByRole("heading", { name: "Invite not found", level: 1 })).toBeVisible();
    await open(page, "/invite/not-a-code");
    await expect(page.getByRole("heading", { name: "Invalid invite link", level: 1 })).toBeVisible();
  });

  signedIn("Edit: a name taken is refused, then the creator changes the description: 'Community updated successfully!'", async ({ page, baseURL }) => {
    const taken = await createCommunityAs(await newMember(baseURL!), communityName("Glazers"));
    const community = await createCommunityAs({ api: page.request, origin: baseURL! }, communityName("Potters"), { description: "Clay on Sundays" });
    await open(page, `/community/${community.id}`);
    await expect(page.getByText("Clay on Sundays")).toBeVisible();
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    let form: Locator;
    if (jsEnabled()) {
      form = page.getByRole("dialog", { name: "Edit Community" });
      await expect(form).toBeVisible();
    } else {
      await expect(page).toHaveURL(new RegExp(`/community/${community.id}/edit$`));
      await expect(page.getByRole("heading", { name: "Edit Community", level: 1 })).toBeVisible();
      form = page.locator("main");
    }
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue(community.name);
    await expect(form.getByLabel("Description", { exact: true })).toHaveValue("Clay on Sundays");
    // Another community's name is refused, and the form stays with what was typed.
    await form.getByLabel("Name", { exact: true }).fill(taken.name.toUpperCase());
    await form.getByRole("button", { name: "Save", exact: true }).click();
    await expect(form.getByText("A community with this name already exists").first()).toBeVisible();
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue(taken.name.toUpperCase());
    // Saved after the refusal, the dialog closes as after a first save (the refusal was the form's
    // last answer, and the save's redirect brings none of its own).
    await form.getByLabel("Name", { exact: true }).fill(community.name);
    await form.getByLabel("Description", { exact: true }).fill("Clay and glaze on Saturdays");
    await form.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Community updated successfully!")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/community/${community.id}$`));
    const description = (text: string) => page.getByRole("main").getByRole("paragraph").filter({ hasText: text });
    await expect(description("Clay and glaze on Saturdays")).toBeVisible();
    await expect(description("Clay on Sundays")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: community.name, level: 1 })).toBeVisible();
    // Saved, the Edit Community dialog has done its work and closes.
    if (jsEnabled()) await expect(page.getByRole("dialog", { name: "Edit Community" })).toBeHidden();
  });

  signedIn("Delete: after the confirmation, '{name} has been deleted' on /communities, and the community is gone", async ({ page, baseURL }) => {
    const community = await createCommunityAs({ api: page.request, origin: baseURL! }, communityName("Sailors"));
    await open(page, `/community/${community.id}`);
    await page.getByRole("link", { name: "Delete", exact: true }).click();
    let confirm: Locator;
    if (jsEnabled()) {
      confirm = page.getByRole("dialog", { name: "Delete Community" });
      await expect(confirm).toBeVisible();
    } else {
      await expect(page).toHaveURL(new RegExp(`/community/${community.id}/delete$`));
      await expect(page.getByRole("heading", { name: "Delete Community", level: 1 })).toBeVisible();
      confirm = page.locator("main");
    }
    await expect(
      confirm.getByText(
        `Are you sure you want to delete ${community.name}? The community, all posts in it and all media will be permanently deleted. This cannot be undone.`,
      ),
    ).toBeVisible();
    // Cancel keeps it.
    await confirm.getByRole(jsEnabled() ? "button" : "link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(new RegExp(`/community/${community.id}$`));
    await expect(page.getByRole("heading", { name: community.name, level: 1 })).toBeVisible();
    if (jsEnabled()) await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.getByRole("link", { name: "Delete", exact: true }).click();
    const again = jsEnabled() ? page.getByRole("dialog", { name: "Delete Community" }) : page.locator("main");
    await again.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByText(`${community.name} has been deleted`)).toBeVisible();
    await expect(page).toHaveURL(/\/communities$/);
    await expect(page.getByRole("link", { name: community.name, exact: true })).toHaveCount(0);
    const response = await page.goto(`/community/${community.id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Community not found", level: 1 })).toBeVisible();
  });

  signedIn("Post: the composer says 'Post in {name}'; the post is on the community's page, not on Home", async ({ page, baseURL }) => {
    const community = await createCommunityAs({ api: page.request, origin: baseURL! }, communityName("Cyclists"));
    const word = uniqueWord("cp");
    await open(page, `/community/${community.id}`);
    await expect(page.getByRole("heading", { name: "No posts yet" })).toBeVisible();
    await page.getByRole("link", { name: "Post", exact: true }).click();
    let composer: Locator;
    if (jsEnabled()) {
      composer = page.getByRole("dialog", { name: `Post in ${community.name}` });
      await expect(composer).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/community/${community.id}$`));
    } else {
      await expect(page).toHaveURL(/\/compose\?/);
      expect(new URL(page.url()).searchParams.get("community")).toBe(community.id);
      await expect(page.getByRole("heading", { name: `Post in ${community.name}`, level: 1 })).toBeVisible();
      composer = page.locator("main");
    }
    await composer.getByLabel("Post text").fill(`Hill repeats on Thursday ${word}`);
    await composer.getByRole("button", { name: "Post", exact: true }).click();
    await expect(page.getByText("Post created in community!")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/community/${community.id}$`));
    if (jsEnabled()) await expect(page.getByRole("dialog")).toHaveCount(0);
    const card = page.getByRole("article").filter({ hasText: word });
    await expect(card).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Posts (1)", exact: true })).toBeVisible();
    // Its link is the community's post page, which shows it.
    const href = await card.getByRole("link", { name: /open post/ }).getAttribute("href");
    expect(href).toMatch(new RegExp(`^/community/${community.id}/post/[0-9A-Z]{26}$`));
    await open(page, href!);
    await expect(page.getByText(`Hill repeats on Thursday ${word}`)).toBeVisible();
    // Its page takes its comments: a refused one comes back there with the reason and the text.
    const reply = page.getByRole("textbox", { name: "Reply", exact: true });
    const tooLong = "x".repeat(COMMENT_MAX_LENGTH + 1);
    await reply.fill(tooLong);
    await page.getByRole("button", { name: "Reply", exact: true }).click();
    await expect(page.getByText("Comment is too long")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/community/${community.id}/post/`));
    await expect(page.getByRole("textbox", { name: "Reply", exact: true })).toHaveValue(tooLong);

    // Never on Home, not even in its search.
    await open(page, "/");
    await expect(page.getByRole("heading", { name: "Home", level: 1 })).toBeVisible();
    await expect(page.getByRole("article").filter({ hasText: word })).toHaveCount(0);
    await open(page, `/?q=${word}`);
    await expect(page.getByRole("article").filter({ hasText: word })).toHaveCount(0);
  });
});
