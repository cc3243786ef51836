use super::*;

/// Every role against every action, as the product promises them: a row per role, a column per
/// action in `Action::ALL` order (read, comment, write text, change contents, change the
/// manuscript, share, trash the manuscript, export).
const TABLE: [(Role, [bool; 8]); 4] = [
    (
        Role::Owner,
        [true, true, true, true, true, true, true, true],
    ),
    (
        Role::Editor,
        [true, true, true, true, false, false, false, true],
    ),
    (
        Role::Commenter,
        [true, true, false, false, false, false, false, false],
    ),
    (
        Role::Viewer,
        [true, false, false, false, false, false, false, false],
    ),
];

#[test]
fn every_role_may_take_exactly_the_actions_of_the_table() {
    assert_eq!(TABLE.map(|(role, _)| role), Role::ALL);
    for (role, row) in TABLE {
        for (action, expected) in Action::ALL.into_iter().zip(row) {
            assert_eq!(may(role, action), expected, "{role:?} {action:?}");
        }
    }
}

/// One decision function of the policy.
type Decision = fn(Role) -> bool;

#[test]
fn each_action_names_its_own_decision_function() {
    let functions: [(Action, Decision); 8] = [
        (Action::Read, may_read),
        (Action::Comment, may_comment),
        (Action::WriteText, may_write_text),
        (Action::ChangeContents, may_change_contents),
        (Action::ChangeManuscript, may_change_manuscript),
        (Action::Share, may_share),
        (Action::TrashManuscript, may_trash_manuscript),
        (Action::Export, may_export),
    ];
    assert_eq!(functions.map(|(action, _)| action), Action::ALL);
    for (action, decide) in functions {
        for role in Role::ALL {
            assert_eq!(may(role, action), decide(role), "{role:?} {action:?}");
        }
    }
}

#[test]
fn the_owner_is_the_owner_and_anyone_else_needs_a_grant() {
    let cases = [
        ("u", "u", None, Some(Role::Owner)),
        ("u", "u", Some(SharePermission::Read), Some(Role::Owner)),
        ("u", "o", None, None),
        ("u", "o", Some(SharePermission::Write), Some(Role::Editor)),
        (
            "u",
            "o",
            Some(SharePermission::Comment),
            Some(Role::Commenter),
        ),
        ("u", "o", Some(SharePermission::Read), Some(Role::Viewer)),
    ];
    for (actor, owner, grant, expected) in cases {
        assert_eq!(
            Role::of(actor, owner, grant),
            expected,
            "{actor} {owner} {grant:?}"
        );
    }
}

#[test]
fn a_role_gives_back_the_grant_it_came_from() {
    for role in Role::ALL {
        match role.grant() {
            Some(grant) => assert_eq!(Role::of_grant(grant), role),
            None => assert_eq!(role, Role::Owner),
        }
    }
}

#[test]
fn text_access_follows_the_role_and_the_trash_leaves_everyone_reading() {
    let cases = [
        (Role::Owner, false, TextAccess::Write),
        (Role::Editor, false, TextAccess::Write),
        (Role::Commenter, false, TextAccess::Comment),
        (Role::Viewer, false, TextAccess::Read),
        (Role::Owner, true, TextAccess::Read),
        (Role::Editor, true, TextAccess::Read),
        (Role::Commenter, true, TextAccess::Read),
        (Role::Viewer, true, TextAccess::Read),
    ];
    for (role, in_trash, expected) in cases {
        assert_eq!(text_access(role, in_trash), expected, "{role:?} {in_trash}");
    }
}

#[test]
fn the_web_apps_table_is_generated_from_this_one() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(TYPESCRIPT_PATH);
    let generated = typescript_table();
    if std::env::var_os("UPDATE_POLICY").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "{TYPESCRIPT_PATH} differs from the policy: run `UPDATE_POLICY=1 cargo test -p quire-core policy`"
    );
}
