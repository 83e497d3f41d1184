-- Reserved for notification_centre (issue 38); filled by the change that brings it.
SELECT 1;
