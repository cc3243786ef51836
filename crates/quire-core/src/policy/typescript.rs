//! The access policy as a TypeScript module, for the web app to decide from the same table as
//! the server. A test compares it with the committed file and fails when they drift.

use super::{Action, Role, may};

/// Where the generated module lives, from the repository's root.
pub const TYPESCRIPT_PATH: &str = "web/src/lib/access/policy.generated.ts";

/// The TypeScript module: the roles, the role of each sharing permission value, and every
/// role's answer to every action.
pub fn typescript_table() -> String {
    let mut out = String::from(
        "// Generated from quire-core's access policy (crates/quire-core/src/policy): do not edit.\n\
         // `UPDATE_POLICY=1 cargo test -p quire-core policy` writes it again.\n\n",
    );
    let roles = Role::ALL.map(Role::name);
    out.push_str(&constant_list("ROLES", &roles));
    out.push_str("export type Role = (typeof ROLES)[number];\n\n");
    out.push_str(&constant_list("ACTIONS", &Action::ALL.map(Action::name)));
    out.push_str("export type Action = (typeof ACTIONS)[number];\n\n");
    out.push_str("/** The role each sharing permission value gives (0 removes access). */\n");
    out.push_str("export const ROLE_OF_PERMISSION: Readonly<Record<number, Role>> = {\n");
    for role in Role::ALL {
        if let Some(grant) = role.grant() {
            out.push_str(&format!("  {}: '{}',\n", grant.value(), role.name()));
        }
    }
    out.push_str("};\n\n");
    out.push_str("/** Whether each role may take each action. */\n");
    out.push_str(
        "export const POLICY: Readonly<Record<Role, Readonly<Record<Action, boolean>>>> = {\n",
    );
    for role in Role::ALL {
        out.push_str(&format!("  {}: {{\n", role.name()));
        for action in Action::ALL {
            out.push_str(&format!("    {}: {},\n", action.name(), may(role, action)));
        }
        out.push_str("  },\n");
    }
    out.push_str("};\n");
    out
}

/// The web app's line width: a list longer than it is written one item a line, as the web
/// app's formatter writes it.
const LINE_WIDTH: usize = 100;

/// `export const NAME = [...] as const;` for `items`, as the formatter lays it out.
fn constant_list(name: &str, items: &[&str]) -> String {
    let quoted: Vec<String> = items.iter().map(|item| format!("'{item}'")).collect();
    let line = format!("export const {name} = [{}] as const;\n", quoted.join(", "));
    let list = if line.len() <= LINE_WIDTH + 1 {
        line
    } else {
        let items: String = quoted.iter().map(|q| format!("  {q},\n")).collect();
        format!("export const {name} = [\n{items}] as const;\n")
    };
    list + "\n"
}
