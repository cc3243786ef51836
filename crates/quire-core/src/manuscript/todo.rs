//! To-dos: status, priority (and the colour it is drawn in), scope, the due date (stored as
//! UTC) and what a duplicate is.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use crate::Id;
use crate::account::FieldCode;
use crate::time::EpochMs;

use super::calendar::{DAY_MS, Date, HOUR_MS, MINUTE_MS, digits};
use super::text::Title;

/// A to-do's status; a new one is pending.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TodoStatus {
    #[default]
    Pending,
    Done,
}

impl TodoStatus {
    /// The status after the menu's toggle: 'Mark as Completed' when pending, 'Completed'
    /// (back to pending) when done.
    pub fn toggled(self) -> TodoStatus {
        match self {
            TodoStatus::Pending => TodoStatus::Done,
            TodoStatus::Done => TodoStatus::Pending,
        }
    }

    /// Whether Edit, Priority and Due Date are offered: only while pending.
    pub fn is_editable(self) -> bool {
        self == TodoStatus::Pending
    }
}

/// A to-do's priority. A missing one is `None` where a priority is held; the global list shows
/// it as 'unknown'.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Priority {
    High,
    Medium,
    Low,
}

impl Priority {
    /// Parses `high`, `medium` or `low`; anything else is `priority_invalid`.
    pub fn parse(raw: &str) -> Result<Priority, FieldCode> {
        match raw {
            "high" => Ok(Priority::High),
            "medium" => Ok(Priority::Medium),
            "low" => Ok(Priority::Low),
            _ => Err(FieldCode("priority_invalid")),
        }
    }

    /// The colour a task block of this priority is drawn in.
    pub fn color(self) -> &'static str {
        match self {
            Priority::High => "#FF7396",
            Priority::Medium => "#FCC315",
            Priority::Low => "#26C683",
        }
    }
}

/// Where a to-do lives: a chapter, a manuscript, or the user's own (global) list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TodoScope {
    Chapter { manuscript_id: Id, chapter_id: Id },
    Manuscript { manuscript_id: Id },
    User,
}

impl TodoScope {
    /// The scope of stored `manuscript_id` and `chapter_id` fields. A chapter to-do needs its
    /// manuscript: a chapter id alone is `manuscript_required`.
    pub fn from_ids(manuscript_id: Option<Id>, chapter_id: Option<Id>) -> Result<Self, FieldCode> {
        match (manuscript_id, chapter_id) {
            (Some(manuscript_id), Some(chapter_id)) => Ok(TodoScope::Chapter {
                manuscript_id,
                chapter_id,
            }),
            (Some(manuscript_id), None) => Ok(TodoScope::Manuscript { manuscript_id }),
            (None, None) => Ok(TodoScope::User),
            (None, Some(_)) => Err(FieldCode("manuscript_required")),
        }
    }

    /// Whether the to-do is on the user's global list.
    pub fn is_global(&self) -> bool {
        matches!(self, TodoScope::User)
    }
}

/// A to-do's content, as the duplicate rule sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct Todo {
    pub scope: TodoScope,
    pub title: Title,
    /// Rich text, kept as the client sent it.
    pub description: Value,
    pub status: TodoStatus,
    pub due_date: Option<DueDate>,
    pub priority: Option<Priority>,
    pub notes: Vec<Value>,
}

impl Todo {
    /// The Duplicate menu item: the same to-do, pending, titled 'Copy of ' and the title (cut
    /// to 255 characters).
    pub fn duplicate(&self) -> Todo {
        Todo {
            title: self.title.copy_of(),
            status: TodoStatus::Pending,
            ..self.clone()
        }
    }
}

/// A due date: an instant, held in UTC and written `YYYY-MM-DDTHH:MM:SS.sssZ` (the form of
/// JavaScript's `toISOString()`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DueDate(EpochMs);

impl DueDate {
    pub fn epoch_ms(self) -> EpochMs {
        self.0
    }
}

impl fmt::Display for DueDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let day = self.0.div_euclid(DAY_MS);
        let ms = self.0.rem_euclid(DAY_MS);
        let (h, m, s) = (
            ms / HOUR_MS,
            ms % HOUR_MS / MINUTE_MS,
            ms % MINUTE_MS / 1000,
        );
        let date = Date::local(day * DAY_MS, 0);
        write!(f, "{date}T{h:02}:{m:02}:{s:02}.{:03}Z", ms % 1000)
    }
}

impl Serialize for DueDate {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for DueDate {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let s = String::deserialize(deserializer)?;
        parse_due_date(&s).map_err(serde::de::Error::custom)
    }
}

/// Parses an RFC 3339 date-time with any offset (`2026-03-09T18:30:00+02:00`,
/// `2026-03-09t16:30:00.5z`, a space for the `T`) into the UTC instant; its `Display` is the
/// stored ISO string with `Z`. Fractions beyond milliseconds are cut. A time without an offset
/// is ambiguous and, like a date alone, a leap second or anything outside years 0000–9999 (in
/// UTC too), is `due_date_invalid`.
pub fn parse_due_date(raw: &str) -> Result<DueDate, FieldCode> {
    let invalid = FieldCode("due_date_invalid");
    let b = raw.trim().as_bytes();
    if b.len() < 20 || !b.is_ascii() {
        return Err(invalid);
    }
    let sep_ok = b[4] == b'-'
        && b[7] == b'-'
        && matches!(b[10], b'T' | b't' | b' ')
        && b[13] == b':'
        && b[16] == b':';
    if !sep_ok {
        return Err(invalid);
    }
    let date = std::str::from_utf8(&b[..10]).map_err(|_| invalid)?;
    let date = Date::parse(date).map_err(|_| invalid)?;
    let field = |range: std::ops::Range<usize>, max: u32| {
        digits(&b[range]).filter(|&n| n <= max).ok_or(invalid)
    };
    let (h, m, s) = (field(11..13, 23)?, field(14..16, 59)?, field(17..19, 59)?);

    let mut at = 19;
    let mut millis = 0;
    if b[at] == b'.' {
        let digits_end = b[at + 1..]
            .iter()
            .position(|c| !c.is_ascii_digit())
            .map_or(b.len(), |p| at + 1 + p);
        if digits_end == at + 1 {
            return Err(invalid);
        }
        let frac = &b[at + 1..digits_end.min(at + 4)];
        millis = digits(frac).ok_or(invalid)? * 10u32.pow(3 - frac.len() as u32);
        at = digits_end;
    }
    let offset_min: i64 = match &b[at..] {
        [b'Z' | b'z'] => 0,
        [sign @ (b'+' | b'-'), oh1, oh2, b':', om1, om2] => {
            let oh = digits(&[*oh1, *oh2]).filter(|&n| n <= 23).ok_or(invalid)?;
            let om = digits(&[*om1, *om2]).filter(|&n| n <= 59).ok_or(invalid)?;
            let minutes = i64::from(oh * 60 + om);
            if *sign == b'-' { -minutes } else { minutes }
        }
        _ => return Err(invalid),
    };

    let local = date.start_ms(0)
        + i64::from(h) * HOUR_MS
        + i64::from(m) * MINUTE_MS
        + i64::from(s) * 1000
        + i64::from(millis);
    let utc = local - offset_min * MINUTE_MS;
    let year = Date::local(utc, 0).ymd().0;
    if (0..=9999).contains(&year) {
        Ok(DueDate(utc))
    } else {
        Err(invalid)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::manuscript::test_id;
    use serde_json::json;

    fn iso(raw: &str) -> String {
        parse_due_date(raw).unwrap().to_string()
    }

    #[test]
    fn a_new_to_do_is_pending_and_the_toggle_flips_its_status() {
        assert_eq!(TodoStatus::default(), TodoStatus::Pending);
        assert_eq!(TodoStatus::Pending.toggled(), TodoStatus::Done);
        assert_eq!(TodoStatus::Done.toggled(), TodoStatus::Pending);
    }

    #[test]
    fn only_a_pending_to_do_can_be_edited() {
        assert!(TodoStatus::Pending.is_editable());
        assert!(!TodoStatus::Done.is_editable());
    }

    #[test]
    fn priorities_are_high_medium_or_low_with_their_colours() {
        assert_eq!(Priority::parse("high"), Ok(Priority::High));
        assert_eq!(Priority::Medium.color(), "#FCC315");
        assert_eq!(Priority::parse("urgent").unwrap_err().0, "priority_invalid");
        assert_eq!(serde_json::to_value(Priority::Low).unwrap(), json!("low"));
    }

    #[test]
    fn a_to_do_belongs_to_a_chapter_a_manuscript_or_the_user() {
        let (m, c) = (test_id("m"), test_id("c"));
        assert!(matches!(
            TodoScope::from_ids(Some(m.clone()), Some(c.clone())),
            Ok(TodoScope::Chapter { .. })
        ));
        assert_eq!(
            TodoScope::from_ids(Some(m.clone()), None),
            Ok(TodoScope::Manuscript { manuscript_id: m })
        );
        assert!(TodoScope::from_ids(None, None).unwrap().is_global());
        assert_eq!(
            TodoScope::from_ids(None, Some(c)).unwrap_err().0,
            "manuscript_required"
        );
    }

    #[test]
    fn a_duplicate_is_pending_and_titled_copy_of() {
        let done = Todo {
            scope: TodoScope::User,
            title: Title::parse("Fix the ending").unwrap(),
            description: json!("<p>twist</p>"),
            status: TodoStatus::Done,
            due_date: Some(parse_due_date("2026-03-09T10:00:00Z").unwrap()),
            priority: Some(Priority::High),
            notes: vec![json!("n1")],
        };
        let copy = done.duplicate();
        assert_eq!(copy.title.as_str(), "Copy of Fix the ending");
        assert_eq!(copy.status, TodoStatus::Pending);
        assert_eq!(
            (copy.priority, copy.due_date),
            (done.priority, done.due_date)
        );
    }

    #[test]
    fn a_due_date_with_any_offset_is_stored_as_the_utc_instant() {
        assert_eq!(iso("2026-03-09T18:30:00+02:00"), "2026-03-09T16:30:00.000Z");
        assert_eq!(iso("2026-03-09T22:15:00-05:30"), "2026-03-10T03:45:00.000Z");
        assert_eq!(iso("2026-03-09t16:30:00.5z"), "2026-03-09T16:30:00.500Z");
        assert_eq!(
            iso("2026-03-09 16:30:00.123456Z"),
            "2026-03-09T16:30:00.123Z"
        );
        assert_eq!(iso("2024-02-29T00:00:00+00:00"), "2024-02-29T00:00:00.000Z");
        assert_eq!(iso("1969-12-31T23:59:59.999Z"), "1969-12-31T23:59:59.999Z");
    }

    #[test]
    fn a_due_date_that_is_not_an_rfc_3339_instant_is_due_date_invalid() {
        for bad in [
            "",
            "tomorrow",
            "2026-03-09",
            "2026-03-09T10:00:00",
            "2026-03-09T10:00Z",
            "2026-02-30T10:00:00Z",
            "2026-03-09T24:00:00Z",
            "2026-03-09T10:00:60Z",
            "2026-03-09T10:00:00.Z",
            "2026-03-09T10:00:00+2:00",
            "0000-01-01T00:00:00+01:00",
            "２０２６-03-09T10:00:00Z",
        ] {
            assert_eq!(
                parse_due_date(bad).unwrap_err().0,
                "due_date_invalid",
                "{bad}"
            );
        }
    }

    #[test]
    fn a_due_date_round_trips_through_json_as_its_iso_string() {
        let d: DueDate = serde_json::from_value(json!("2026-03-09T18:30:00+02:00")).unwrap();
        assert_eq!(
            serde_json::to_value(d).unwrap(),
            json!("2026-03-09T16:30:00.000Z")
        );
        assert!(serde_json::from_value::<DueDate>(json!("soon")).is_err());
    }
}
