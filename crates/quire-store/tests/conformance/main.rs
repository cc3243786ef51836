//! The store conformance suite (ADR 0005): every story runs on SQLite and, when
//! `QUIRE_TEST_POSTGRES_URL` is set, on a fresh PostgreSQL database.

mod database;
mod stories;

/// Runs each named story (an `async fn(Store)` in `stories`) on both databases, as the tests
/// `<story>::on_sqlite` and `<story>::on_postgres`.
macro_rules! on_both_databases {
    ($($story:ident),* $(,)?) => {$(
        mod $story {
            #[tokio::test]
            async fn on_sqlite() {
                let db = crate::database::TestStore::sqlite().await;
                crate::stories::$story(db.store.clone()).await;
                db.finish().await;
            }

            #[tokio::test]
            async fn on_postgres() {
                let Some(db) = crate::database::TestStore::postgres().await else {
                    return;
                };
                crate::stories::$story(db.store.clone()).await;
                db.finish().await;
            }
        }
    )*};
}

on_both_databases![
    every_kind_is_stored_and_read_back,
    a_folder_cannot_go_inside_itself_or_one_of_its_subfolders,
    a_new_manuscript_gets_its_first_chapter,
    a_subchapter_needs_a_live_top_level_chapter_of_the_same_manuscript,
    an_older_put_is_ignored_a_newer_one_applied_and_a_tie_goes_to_the_greater_device,
    a_partial_update_merges_into_the_doc,
    a_manuscript_has_one_word_count_row_per_hour,
    a_deleted_row_is_in_the_trash_until_undeleted_and_wrong_state_operations_answer_codes,
    deleting_a_folder_moves_its_children_up_with_99999_added_to_their_order,
    deleting_a_group_with_its_children_puts_them_all_in_the_trash,
    deleting_a_chapter_moves_its_subchapters_up_into_its_outline,
    deleting_the_last_chapter_adds_an_untitled_chapter,
    a_stash_is_removed_on_its_second_delete,
    another_users_rows_are_invisible_and_unmodifiable,
    a_chapters_rows_and_the_user_wide_lists_are_the_actors_own,
    a_body_naming_someone_elses_manuscript_or_folder_is_refused,
    nothing_is_written_into_a_manuscript_in_the_trash,
    the_purge_removes_rows_deleted_60_days_ago_and_keeps_newer_ones,
    deleting_an_account_removes_all_its_manuscript_data,
    a_tree_is_written_whole_or_not_at_all,
    a_manuscript_is_read_with_its_live_or_its_trashed_rows,
    bulk_trash_operations_take_the_chosen_ids_or_all,
    a_subchapter_is_promoted_and_a_chapter_demoted_in_its_section,
    a_custom_template_is_seen_only_by_its_author,
    a_grant_lets_a_viewer_read_and_an_editor_write_as_the_owner,
    a_purged_manuscript_names_the_users_it_was_shared_with,
    the_update_log_reads_after_a_number_and_says_when_a_compaction_folded_it,
    concurrent_writers_wait_for_each_other_instead_of_failing,
    appends_to_several_documents_commit_together_in_order_or_not_at_all,
    a_batch_rings_the_doorbell_for_each_document_it_wrote,
    many_documents_are_checked_and_loaded_together_as_each_would_be_alone,
];
