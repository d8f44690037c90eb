import { expect, jsEnabled, newAccount, open, signUpOverHttp, test, type Account, signedIn } from "./fixtures";
import type { Page } from "@playwright/test";

async function fillSignUp(page: Page, values: Partial<Account & { confirmPassword: string }>) {
  if (values.displayName !== undefined) await page.getByLabel("Display Name").fill(values.displayName);
  if (values.username !== undefined) await page.getByLabel("Username").fill(values.username);
  if (values.email !== undefined) await page.getByLabel("Email").fill(values.email);
  if (values.password !== undefined) await page.getByLabel("Password", { exact: true }).fill(values.password);
  if (values.confirmPassword !== undefined) await page.getByLabel("Confirm Password").fill(values.confirmPassword);
}

async function signInWith(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test.describe("sign-up", () => {
  test("an empty form shows every required message (and its checks break no rule of the page's CSP)", async ({ page }) => {
    // With JavaScript the form checks run in the browser: nothing in them may try eval, which the
    // page's Content-Security-Policy refuses (and reports).
    if (jsEnabled()) {
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
      });
    }
    await open(page, "/auth?signUp=true");
    await page.getByRole("button", { name: "Sign Up" }).click();
    for (const message of [
      "Display name is required",
      "Username is required",
      "Email is required",
      "Password is required",
      "Confirm password is required",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page).toHaveURL(/\/auth\?signUp=true$/);
    if (jsEnabled()) expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });

  test("under the button, signing up agrees to the Terms and the Privacy Policy (both linked) and confirms the age; signing in says nothing of it", async ({ page }) => {
    const agreement = "By signing up, you agree to the Terms of Service and Privacy Policy and confirm you are at least 13 years old.";
    await open(page, "/auth?signUp=true");
    const line = page.getByText(agreement);
    await expect(line).toBeVisible();
    const [button, text] = [await page.getByRole("button", { name: "Sign Up" }).boundingBox(), await line.boundingBox()];
    expect(text!.y).toBeGreaterThan(button!.y);
    await line.getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { name: "Privacy Policy", level: 1 })).toBeVisible();
    await open(page, "/auth?signUp=true");
    await page.getByText(agreement).getByRole("link", { name: "Terms of Service" }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole("heading", { name: "Terms of Service", level: 1 })).toBeVisible();
    await open(page, "/auth");
    await expect(page.getByText(/By signing up/)).toHaveCount(0);
  });

  test("too-short and mismatched values show their messages", async ({ page }) => {
    await open(page, "/auth?signUp=true");
    await fillSignUp(page, { displayName: "A", username: "ab", email: "not-an-email", password: "12345", confirmPassword: "123" });
    await page.getByRole("button", { name: "Sign Up" }).click();
    for (const message of [
      "Display name must be at least 2 characters",
      "Username must be at least 3 characters",
      "Invalid email",
      "Password must be at least 6 characters",
      "Passwords must match",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
  });

  test("a username with other characters is refused", async ({ page }) => {
    await open(page, "/auth?signUp=true");
    const account = newAccount();
    await fillSignUp(page, { ...account, username: "no spaces!", confirmPassword: account.password });
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("Username can only contain letters, numbers and underscores")).toBeVisible();
  });

  test("a taken username (in any case) gets the spec's message", async ({ page, request, baseURL }) => {
    const existing = newAccount();
    const created = await request.post("/auth?signUp=true", {
      form: { mode: "sign-up", ...existing, confirmPassword: existing.password },
      headers: { Origin: baseURL!, "CF-Connecting-IP": "10.9.8.7" },
      maxRedirects: 0,
    });
    expect(created.status()).toBe(302);

    await open(page, "/auth?signUp=true");
    const account = newAccount();
    await fillSignUp(page, { ...account, username: existing.username.toUpperCase(), confirmPassword: account.password });
    await page.getByRole("button", { name: "Sign Up" }).click();
    const taken = "Username already taken. Please choose a different one.";
    // Under the field, and with JavaScript as the spec's toast too (document 1 §8).
    await expect(page.getByRole("textbox", { name: "Username" })).toHaveAccessibleDescription(new RegExp(taken.replace(/\./g, "\\.")));
    if (jsEnabled()) await expect(page.getByRole("region", { name: "Alerts" }).getByText(taken)).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
  });

  test("a username that only looks like a taken one ('Ieo' for 'leo') gets the same message (decision 096)", async ({ page, request, baseURL }) => {
    const existing = newAccount();
    existing.username = existing.username.replace(/^e2e_/, "leo_");
    const created = await request.post("/auth?signUp=true", {
      form: { mode: "sign-up", ...existing, confirmPassword: existing.password },
      headers: { Origin: baseURL!, "CF-Connecting-IP": "10.9.8.6" },
      maxRedirects: 0,
    });
    expect(created.status()).toBe(302);

    await open(page, "/auth?signUp=true");
    const account = newAccount();
    // A capital i where the l is: the same name in the page's font.
    await fillSignUp(page, { ...account, username: existing.username.replace(/^leo_/, "Ieo_"), confirmPassword: account.password });
    await page.getByRole("button", { name: "Sign Up" }).click();
    const taken = "Username already taken. Please choose a different one.";
    await expect(page.getByRole("textbox", { name: "Username" })).toHaveAccessibleDescription(new RegExp(taken.replace(/\./g, "\\.")));
    await expect(page).toHaveURL(/\/auth/);
  });

  test("success lands on / titled Home with 'Account created successfully!'", async ({ page }) => {
    await open(page, "/auth?signUp=true");
    const account = newAccount();
    await fillSignUp(page, { ...account, confirmPassword: account.password });
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle("Home | Murmur");
    await expect(page.getByRole("heading", { name: "Home", level: 1 })).toBeVisible();
    await expect(page.getByText("Account created successfully!")).toBeVisible();
    await expect(page.getByRole("link", { name: new RegExp(`@${account.username}`) })).toBeVisible();
  });
});

test.describe("sign-in", () => {
  test("shows the sign-in rules' messages", async ({ page }) => {
    await open(page, "/auth");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await signInWith(page, "someone@example", "12345");
    await expect(page.getByText("Invalid email")).toBeVisible();
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  });

  test("a wrong password gets 'Invalid email or password. Please try again.'", async ({ page, baseURL, context }) => {
    const account = newAccount();
    await signUpOverHttp(page, baseURL!, account);
    await context.clearCookies();
    await open(page, "/auth");
    await signInWith(page, account.email, "wrong-password");
    await expect(page.getByText("Invalid email or password. Please try again.").first()).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
    // A screen reader hears it once: the form's alert says it, so the toast (with JavaScript) is shown
    // but outside the toasts' live region.
    const wrong = "Invalid email or password. Please try again.";
    await expect(page.getByRole("alert").filter({ hasText: wrong })).toHaveCount(1);
    if (jsEnabled()) await expect(page.getByRole("region", { name: "Alerts" }).getByText(wrong)).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: wrong })).toHaveCount(0);
    // With JavaScript the button keeps the keyboard's place while the form is on its way (it was
    // disabled, and the focus fell to the page).
    if (jsEnabled()) await expect(page.getByRole("button", { name: "Sign In" })).toBeFocused();
  });

  test("returnTo brings the member back after 'Welcome back!'", async ({ page, baseURL, context }) => {
    const account = newAccount();
    await signUpOverHttp(page, baseURL!, account);
    await context.clearCookies();

    await page.goto("/?tab=following");
    await expect(page).toHaveURL(/\/auth\?returnTo=%2F%3Ftab%3Dfollowing$/);
    await hydrate(page);
    await signInWith(page, account.email.toUpperCase(), account.password);
    await expect(page).toHaveURL(/\/\?tab=following$/);
    await expect(page.getByText("Welcome back!")).toBeVisible();
  });

  test("the toggle switches between sign-in and sign-up and resets the form", async ({ page }) => {
    await open(page, "/auth");
    await page.getByLabel("Email").fill("typed@example.com");
    await page.getByRole("link", { name: "Don't have an account? Sign up" }).click();
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await expect(page.getByLabel("Display Name")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("");
    await page.getByLabel("Email").fill("again@example.com");
    await page.getByRole("link", { name: "Already have an account? Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    await expect(page.getByLabel("Display Name")).toHaveCount(0);
    await expect(page.getByLabel("Email")).toHaveValue("");
  });

  test("the password can be shown and hidden; without JavaScript a typed password never comes back in the page", async ({ page }) => {
    await open(page, "/auth?signUp=true");
    await page.getByLabel("Email").fill("show@example.com");
    await page.getByLabel("Password", { exact: true }).fill("visible-secret");
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
    // With JavaScript the field just changes type; without it the page comes back with it empty.
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue(jsEnabled() ? "visible-secret" : "");
    if (!jsEnabled()) expect(await page.content()).not.toContain("visible-secret");
    await expect(page.getByLabel("Email")).toHaveValue("show@example.com");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");
  });

  test("a signed-in member opening /auth goes to /", async ({ page, account }) => {
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: new RegExp(`@${account.username}`) })).toBeVisible();
  });
});

async function hydrate(page: Page) {
  if (jsEnabled()) await expect(page.locator("html")).toHaveAttribute("data-js", "ready");
}

test.describe("sign-out", () => {
  signedIn("goes through the 'Sign Out' confirmation and ends the session", async ({ page }) => {
    await open(page, "/");
    await page.getByRole("link", { name: "Sign Out" }).click();
    if (jsEnabled()) {
      const dialog = page.getByRole("dialog", { name: "Sign Out" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
      await page.getByRole("link", { name: "Sign Out" }).click();
      await dialog.getByRole("button", { name: "Sign Out" }).click();
    } else {
      await expect(page).toHaveURL(/\/logout/);
      await expect(page.getByRole("heading", { name: "Sign Out" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Cancel" })).toBeVisible();
      await page.getByRole("button", { name: "Sign Out" }).click();
    }
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText("Signed out successfully")).toBeVisible();
    await page.goto("/");
    await expect(page).toHaveURL(/\/auth\?returnTo=%2F$/);
  });

  signedIn("a sign-out that gets no answer says 'Failed to sign out' and the page stays", async ({ page }) => {
    await open(page, "/");
    // With JavaScript the sign-out's request fails as if offline. Without it the browser posts the form
    // itself, which is not ours to answer: it just works.
    const signOut = /\/logout\.data(\?|$)/;
    if (jsEnabled()) {
      await page.route(signOut, (route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue()));
      await page.getByRole("link", { name: "Sign Out" }).click();
      await page.getByRole("dialog", { name: "Sign Out" }).getByRole("button", { name: "Sign Out" }).click();
      await expect(page.getByText("Failed to sign out")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Home", level: 1 })).toBeVisible();
      await expect(page.getByRole("heading", { name: "No connection" })).toHaveCount(0);
      await page.unroute(signOut);
      await page.getByRole("dialog", { name: "Sign Out" }).getByRole("button", { name: "Sign Out" }).click();
    } else {
      await page.getByRole("link", { name: "Sign Out" }).click();
      await page.getByRole("button", { name: "Sign Out" }).click();
    }
    await expect(page).toHaveURL(/\/auth$/);
  });

  // @js-only: without JavaScript the browser posts the form itself, and offline it shows its own page.
  signedIn("offline, a sign-out says 'Failed to sign out' and the page stays", { tag: "@js-only" }, async ({ page }) => {
    await open(page, "/");
    await page.getByRole("link", { name: "Sign Out" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign Out" });
    await expect(dialog).toBeVisible();
    // The dialog asked for the sign-out's code as it opened.
    await page.waitForLoadState("networkidle");
    await page.context().setOffline(true);
    await dialog.getByRole("button", { name: "Sign Out" }).click();
    await expect(page.getByText("Failed to sign out")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Home", level: 1 })).toBeVisible();
    expect(page.url()).toMatch(/^http:/);
    await page.context().setOffline(false);
    await dialog.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  signedIn("Back after signing out shows none of the member's pages: the browser kept none (decision 070)", async ({ page }) => {
    await open(page, "/settings/profile");
    const displayName = page.getByLabel("Display Name");
    await expect(displayName).toBeVisible();
    await page.goto("/logout");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    // Back twice at once, to the settings page (past the sign-out page).
    await page.evaluate(() => history.go(-2));
    await expect(page).toHaveURL(/\/auth\?returnTo=%2Fsettings%2Fprofile$/);
    await expect(displayName).toBeHidden();
  });

  signedIn("a page left open in another tab leaves for sign-in with JavaScript (its rooms are closed), and on its next load without", async ({ page, context }) => {
    await open(page, "/notifications");
    if (jsEnabled()) await expect(page.locator("html")).toHaveAttribute("data-live-member", "open");
    const other = await context.newPage();
    await open(other, "/logout");
    await other.getByRole("button", { name: "Sign Out" }).click();
    await expect(other).toHaveURL(/\/auth$/);
    if (!jsEnabled()) await page.reload();
    await expect(page).toHaveURL(/\/auth\?returnTo=%2Fnotifications$/);
  });

  signedIn(
    "a session that ends while the page's sockets are down (a laptop asleep) is found: the refused reconnects ask, and the page goes to sign-in",
    // Rooms are JavaScript's: without it the next load finds the session gone (the test above).
    { tag: "@js-only" },
    async ({ page, context, baseURL }) => {
      let down = false;
      const open_ = new Set<{ close: (options?: { code?: number }) => Promise<void> }>();
      await page.routeWebSocket(/\/parties\//, (socket) => {
        if (down) return void socket.close({ code: 4000 });
        socket.connectToServer();
        open_.add(socket);
      });
      await open(page, "/notifications");
      await expect(page.locator("html")).toHaveAttribute("data-live-member", "open");
      // The network goes: every socket drops, and each reconnect fails before it opens.
      down = true;
      for (const socket of open_) await socket.close({ code: 4000 });
      await expect(page.locator("html")).not.toHaveAttribute("data-live-member", "open");
      // Meanwhile the session ends elsewhere (this browser keeps its cookie, which no longer works).
      const token = (await context.cookies()).find((cookie) => cookie.name === "session")!.value;
      const elsewhere = await (await import("@playwright/test")).request.newContext({ baseURL, extraHTTPHeaders: { Cookie: `session=${token}`, Origin: baseURL! } });
      expect((await elsewhere.post("/logout", { form: {}, maxRedirects: 0 })).status()).toBe(302);
      await elsewhere.dispose();
      // The network is back, but every handshake is refused (the Worker's 401 is a failed socket to
      // the page); after a few the page asks, and leaves for sign-in.
      down = false;
      await page.unrouteAll();
      await expect(page).toHaveURL(/\/auth\?returnTo=%2Fnotifications$/, { timeout: 60_000 });
    },
  );

  signedIn("a page holding unsent text stays when the session ends in another tab: with JavaScript under a notice, its rooms closed, 'Sign in' leading back", async ({ page, context }) => {
    await open(page, "/compose");
    if (jsEnabled()) await expect(page.locator("html")).toHaveAttribute("data-live-member", "open");
    const words = "A draft worth keeping";
    await page.getByLabel("Post text").fill(words);
    const other = await context.newPage();
    await open(other, "/logout");
    await other.getByRole("button", { name: "Sign Out" }).click();
    await expect(other).toHaveURL(/\/auth$/);
    if (!jsEnabled()) {
      // A page without JavaScript hears nothing: its text stays, and sending it leads to sign-in.
      await expect(page.getByLabel("Post text")).toHaveValue(words);
      await page.getByRole("button", { name: "Post", exact: true }).click();
      await expect(page).toHaveURL(/\/auth\?returnTo=/);
      return;
    }
    const notice = page.getByRole("alert").filter({ hasText: "You were signed out" });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText("Copy anything you were writing, then sign in again.");
    // The page stays, with the text, and hears nothing more.
    await expect(page).toHaveURL(/\/compose$/);
    await expect(page.getByLabel("Post text")).toHaveValue(words);
    await expect(page.locator("html")).not.toHaveAttribute("data-live-member", "open");
    await notice.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/auth\?returnTo=%2Fcompose$/);
  });
});

test.describe("password recovery", () => {
  test("'Forgot password?' mails a link that sets a new password", async ({ page, baseURL, context }) => {
    const account = newAccount();
    await signUpOverHttp(page, baseURL!, account);
    await context.clearCookies();

    await open(page, "/auth");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page.getByRole("heading", { name: "Forgot password?" })).toBeVisible();
    await hydrate(page);
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("If an account exists for that email, we have sent a link")).toBeVisible();

    await open(page, "/dev/outbox");
    const mail = page.getByRole("article").filter({ hasText: `To ${account.email}` }).first();
    await expect(mail).toBeVisible();
    await mail.getByRole("link", { name: /reset-password\?token=/ }).click();

    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await hydrate(page);
    await page.getByLabel("New Password").fill("a-new-password");
    await page.getByLabel("Confirm Password").fill("a-new-password");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Your password has been reset.")).toBeVisible();

    // The link was single-use.
    await page.goBack();
    await page.reload();
    await expect(page.getByText("This password reset link is invalid or has expired.")).toBeVisible();

    // The old password no longer works; the new one does.
    await context.clearCookies();
    await open(page, "/auth");
    await signInWith(page, account.email, account.password);
    await expect(page.getByText("Invalid email or password. Please try again.").first()).toBeVisible();
    await signInWith(page, account.email, "a-new-password");
    await expect(page).toHaveURL(/\/$/);
  });
});
