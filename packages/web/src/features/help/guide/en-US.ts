import type { GuideContent } from "./content";

const content: GuideContent = {
  sections: {
    "accessing-portal": {
      title: "Accessing the portal",
      body: [
        "1. Open the portal and enter your email address, then choose Continue.",
        "2. Enter your password and choose Sign in. If your organisation uses single sign-on, you are sent to its sign-in page instead.",
        "3. Forgot your password? Choose the password assistance link: we email you a link to set a new one.",
      ],
    },
    "assigning-test": {
      title: "Assigning a test",
      body: [
        "1. Open Manage Candidates and choose the candidate.",
        "2. In Assign Tests on the candidate's page, pick one or more tests (or a test group) and the options: administer now, live proctor, the proctor service or letting the candidate schedule.",
        "3. Choose Assign tests. The candidate is emailed instructions 5 to 15 minutes after the assignment.",
      ],
    },
    "deleting-test": {
      title: "Deleting a test",
      body: [
        "1. Open the candidate from Manage Candidates.",
        "2. In the candidate's tests, choose Delete beside a test that has not been started, then confirm.",
        "A test that was started or has a result cannot be deleted; it stays in the test history.",
      ],
    },
    "adding-candidate": {
      title: "Adding a candidate",
      body: [
        "1. Open Manage Candidates and choose New Candidate.",
        "2. Enter the name, email address and preferred language; add the office, employee id and notes as needed.",
        "3. Save. You can assign tests to the candidate at once.",
      ],
    },
    "bulk-upload": {
      title: "Bulk upload",
      body: [
        "1. Under Manage Candidates choose Upload and download the template.",
        "2. Fill in one row per candidate (and the tests to assign), then upload the file.",
        "3. Check the preview: rows with problems are listed with the reason. Confirm to import the rest in one step.",
      ],
    },
    "create-packages": {
      title: "Creating paper test packages",
      body: [
        "1. Open Paper Test Packages and choose the tests and candidates for the package.",
        "2. Create the package: its PDF is prepared for printing and the proctor can be emailed instructions.",
        "3. After the session, enter or scan the answers so that the tests can be scored.",
      ],
    },
    "outstanding-paper-tests": {
      title: "Outstanding paper tests",
      body: [
        "Outstanding Paper Tests lists the paper tests whose answers have not been received yet, and the packages not printed yet.",
        "Open a test to enter or upload its answers; once received it goes to an evaluator for scoring.",
      ],
    },
    "view-candidates": {
      title: "Viewing candidates",
      body: [
        "Manage Candidates lists your candidates (an office user sees the office's). Search by name, email or employee id, and open a candidate to see their details, tests and results.",
      ],
    },
    "test-history": {
      title: "Test history",
      body: [
        "View Test History lists every test of your candidates with its status and score. Filter by date, office, status or test, download the list as CSV or Excel, and download result reports.",
      ],
    },
    offices: {
      title: "Offices",
      body: [
        "Account Settings lists the offices of the account. Account administrators add, edit and remove offices; an office administrator edits their own office. Each office can have its own users, test groups and result recipients.",
      ],
    },
    "result-recipients": {
      title: "Result recipients",
      body: [
        "Result recipients are emailed each result: a full report or the score only. Add them for the whole account or for one office under Account Settings, Result Recipients.",
      ],
    },
    groups: {
      title: "Test groups",
      body: [
        "A test group (test package) is a set of tests assigned together. Create groups under Account Settings, Test Groups, for the account or one office; a global group is offered to every office.",
      ],
    },
    users: {
      title: "Users",
      body: [
        "Account Settings, Users lists the people who manage candidates. Add a user with their name and email address (they receive an activation email), mark administrators, and deactivate users who leave.",
      ],
    },
    "proctor-service": {
      title: "Proctor service",
      body: [
        "Under Account Settings, Proctoring choose whether tests may use the proctor service, whether candidates may schedule their own proctoring appointments, and how far in advance appointments must be made.",
      ],
    },
    account: {
      title: "Your account",
      body: [
        "1. Open the menu with your name at the top right and choose Edit Profile.",
        "2. Change your email address, or enter a new password twice (8 to 25 characters with three of: upper case, lower case, numbers and symbols).",
        "3. Enter your current password and choose Update.",
      ],
    },
    "take-test": {
      title: "Taking a test",
      body: [
        "1. Open Take a Test: your assigned tests are listed with their method and date.",
        "2. Choose Take test, read the instructions and confirm the honor statement.",
        "3. Answer the questions; your answers are saved as you go. Choose Submit when you have finished.",
      ],
    },
    "testing-scale": {
      title: "The testing scale",
      body: [
        "Results are given on the ALTA scale, from 1 to 12+. The Testing Scales page shows each level with its CEFR, ILR and ACTFL equivalents and what a person at that level can do.",
      ],
    },
  },
  candidate: {
    "accessing-portal": {
      title: "Accessing the portal",
      body: [
        "1. Use the link in the email you received, or open the portal's sign-in page.",
        "2. Sign in with your email address and password, or choose to use an access code and enter the code from your email.",
        "3. An access code opens only the test it belongs to.",
      ],
    },
  },
  shots: {
    login: "The sign-in page",
    "login-code": "The sign-in page with an access code",
    "candidate-detail": "A candidate's page with their details and tests",
    "candidate-new": "The new candidate form",
    upload: "The bulk upload page",
    groups: "The paper test packages page",
    outstanding: "The outstanding paper tests page",
    candidates: "The candidate list with its search",
    history: "The test history with its filters",
    offices: "The offices of the account",
    recipients: "The result recipients list",
    packages: "The test groups list",
    users: "The account's users",
    proctoring: "The proctoring settings",
    profile: "The Edit Profile page",
    "take-test": "The Take a Test list",
    scales: "The testing scales table",
  },
};

export default content;
