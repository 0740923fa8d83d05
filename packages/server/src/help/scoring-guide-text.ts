import type { Language } from "@parlance/contract";

/**
 * The evaluators' scoring guide (/files/scoring-guide.pdf) in the three interface languages: a
 * document rather than interface strings, so it is kept here beside the code that prints it and
 * not in the screens' string bundles. It describes the scoring screens as they work
 * (docs/scoring.md): the typed shape keeps the three languages in step.
 */
export interface GuideText {
  title: string;
  subtitle: string;
  footer: string;
  sections: readonly { heading: string; paragraphs: readonly string[] }[];
}

const EN: GuideText = {
  title: "Scoring Guide for Evaluators",
  subtitle: "How to score tests on Submit Test Results (/testing/results)",
  footer: "Parlance — Scoring Guide",
  sections: [
    {
      heading: "1. Your tests to score",
      paragraphs: [
        "Submit Test Results lists every test assigned to you, grouped Overdue, Due Today, Due Tomorrow and Due Later in your own time zone. A test is due two business days after it was received, at 18:00 Eastern Time.",
        "Tests marked Review are a second look: the candidate already has a result for the same test, or the test was chosen as a quality sample. Score them exactly as any other test.",
      ],
    },
    {
      heading: "2. Opening a test",
      paragraphs: [
        "Choose a test to open its scoring page. Online tests show each question with the candidate's response; choice questions are already scored automatically, and you confirm or change each objective. Paper tests offer the booklet the candidate wrote on as a PDF. Phone, live and video tests are scored from the recording or the session you conducted.",
        "Recordings with limited plays are protected test material: use Grant Access on the question to play it. The grant is recorded.",
      ],
    },
    {
      heading: "3. Categories and the ALTA level",
      paragraphs: [
        "Rate every category of the rubric from 1 to 5 (for example Comprehension, Vocabulary and Inference for reading). Sections may have categories of their own; an optional section the candidate did not attempt can be marked skipped.",
        "The final category is the ALTA level, from 1 to 12+. It is required: it is the result the candidate and the account receive. Use the Testing Scales document to place the performance; the CEFR, ILR and ACTFL equivalents are approximate.",
      ],
    },
    {
      heading: "4. Objectives, scoring items and recommendations",
      paragraphs: [
        "Every objective needs a state before the results can be saved ('Please select a value for each item.'). Tick the scoring items an open response meets. Add recommendations where they help the account (for example retesting in 90 days) and comments for anything the levels do not say.",
      ],
    },
    {
      heading: "5. When a test cannot be scored",
      paragraphs: [
        "If the candidate did not finish, mark the test not completed and choose the reason. If it cannot be scored (for example a recording without sound), choose that outcome and its reason. A candidate who gave nothing, or did not come to a live or video session, is recorded as a no-show.",
      ],
    },
    {
      heading: "6. Submitting",
      paragraphs: [
        "The button reads Save Results when the test has objectives, otherwise Add Results. A submitted result is final: it cannot be edited afterwards, so check every category first. The account's result recipients are mailed at once, and the result receives a verification key anyone can check on /testing/results/verify.",
      ],
    },
    {
      heading: "7. Your schedule and availability",
      paragraphs: [
        "Scheduled Tests lists your live and video tests. Confirm each one, decline it with a new date and time when you cannot attend, or administer it. Keep your weekly and individual conflicts up to date under Availability in the account menu, so that tests are only booked when you are free.",
      ],
    },
  ],
};

const HANS: GuideText = {
  title: "评估员评分指南",
  subtitle: "如何在“提交测试成绩”（/testing/results）中为测试评分",
  footer: "Parlance — 评分指南",
  sections: [
    {
      heading: "1. 待评分的测试",
      paragraphs: [
        "“提交测试成绩”列出分配给您的所有测试，按您所在时区分为“已逾期”“今天到期”“明天到期”和“稍后到期”。测试在收到后两个工作日的美国东部时间 18:00 到期。",
        "标记为“复核”的测试需要再看一遍：考生在同一测试中已有成绩，或该测试被选为质量抽样。请像其他测试一样评分。",
      ],
    },
    {
      heading: "2. 打开测试",
      paragraphs: [
        "选择一项测试即可打开评分页面。在线测试会显示每道题及考生的作答；选择题已自动评分，您需要确认或修改每个目标。纸质测试提供考生作答的试卷 PDF。电话、现场和视频测试根据录音或您主持的考试进行评分。",
        "播放次数有限的录音属于受保护的考试材料：请在题目上使用“授予访问权限”后播放。该授权会被记录。",
      ],
    },
    {
      heading: "3. 评分类别与 ALTA 等级",
      paragraphs: [
        "按 1 至 5 为评分标准中的每个类别打分（例如阅读测试的理解、词汇和推断）。各部分可能有自己的类别；考生未作答的可选部分可以标记为跳过。",
        "最后一个类别是 ALTA 等级，从 1 到 12+。该项为必填：它就是考生和账户收到的成绩。请参照《测试等级量表》文件确定水平；CEFR、ILR 和 ACTFL 的对应等级仅供参考。",
      ],
    },
    {
      heading: "4. 目标、评分项与建议",
      paragraphs: [
        "保存成绩前，每个目标都必须选择状态（“请为每一项选择一个值。”）。勾选开放式作答所满足的评分项。在对账户有帮助时添加建议（例如 90 天后重新测试），并用备注说明等级无法表达的内容。",
      ],
    },
    {
      heading: "5. 无法评分的情况",
      paragraphs: [
        "如果考生未完成测试，请标记为“未完成”并选择原因。如果测试无法评分（例如录音没有声音），请选择该结果及原因。考生没有任何作答，或未参加现场或视频考试时，记录为缺考。",
      ],
    },
    {
      heading: "6. 提交",
      paragraphs: [
        "测试有目标时按钮显示“保存成绩”，否则显示“添加成绩”。成绩一经提交即为最终结果，之后不能修改，因此请先检查每个类别。系统会立即通知账户的成绩接收人，成绩还会获得一个验证码，任何人都可以在 /testing/results/verify 查验。",
      ],
    },
    {
      heading: "7. 日程与可用时间",
      paragraphs: [
        "“已安排的测试”列出您的现场和视频测试。请逐一确认；无法出席时可拒绝并提出新的日期和时间，也可以直接主持测试。请在账户菜单的“可用时间”中及时更新每周和个别的时间冲突，以便只在您有空时安排测试。",
      ],
    },
  ],
};

const HANT: GuideText = {
  title: "評估員評分指南",
  subtitle: "如何在「提交測試成績」（/testing/results）中為測試評分",
  footer: "Parlance — 評分指南",
  sections: [
    {
      heading: "1. 待評分的測試",
      paragraphs: [
        "「提交測試成績」列出分配給您的所有測試，按您所在時區分為「已逾期」「今天到期」「明天到期」和「稍後到期」。測試在收到後兩個工作日的美國東部時間 18:00 到期。",
        "標記為「複核」的測試需要再看一遍：考生在同一測試中已有成績，或該測試被選為品質抽樣。請像其他測試一樣評分。",
      ],
    },
    {
      heading: "2. 開啟測試",
      paragraphs: [
        "選擇一項測試即可開啟評分頁面。線上測試會顯示每道題及考生的作答；選擇題已自動評分，您需要確認或修改每個目標。紙本測試提供考生作答的試卷 PDF。電話、現場和視訊測試根據錄音或您主持的考試進行評分。",
        "播放次數有限的錄音屬於受保護的考試材料：請在題目上使用「授予存取權限」後播放。該授權會被記錄。",
      ],
    },
    {
      heading: "3. 評分類別與 ALTA 等級",
      paragraphs: [
        "按 1 至 5 為評分標準中的每個類別打分（例如閱讀測試的理解、詞彙和推論）。各部分可能有自己的類別；考生未作答的選擇性部分可以標記為略過。",
        "最後一個類別是 ALTA 等級，從 1 到 12+。該項為必填：它就是考生和帳戶收到的成績。請參照《測試等級量表》文件確定程度；CEFR、ILR 和 ACTFL 的對應等級僅供參考。",
      ],
    },
    {
      heading: "4. 目標、評分項與建議",
      paragraphs: [
        "儲存成績前，每個目標都必須選擇狀態（「請為每一項選擇一個值。」）。勾選開放式作答所符合的評分項。在對帳戶有幫助時加入建議（例如 90 天後重新測試），並用備註說明等級無法表達的內容。",
      ],
    },
    {
      heading: "5. 無法評分的情況",
      paragraphs: [
        "如果考生未完成測試，請標記為「未完成」並選擇原因。如果測試無法評分（例如錄音沒有聲音），請選擇該結果及原因。考生沒有任何作答，或未參加現場或視訊考試時，記錄為缺考。",
      ],
    },
    {
      heading: "6. 提交",
      paragraphs: [
        "測試有目標時按鈕顯示「儲存成績」，否則顯示「新增成績」。成績一經提交即為最終結果，之後不能修改，因此請先檢查每個類別。系統會立即通知帳戶的成績接收人，成績還會取得一個驗證碼，任何人都可以在 /testing/results/verify 查驗。",
      ],
    },
    {
      heading: "7. 日程與可用時間",
      paragraphs: [
        "「已安排的測試」列出您的現場和視訊測試。請逐一確認；無法出席時可婉拒並提出新的日期和時間，也可以直接主持測試。請在帳戶選單的「可用時間」中及時更新每週和個別的時間衝突，以便只在您有空時安排測試。",
      ],
    },
  ],
};

export const SCORING_GUIDE: Record<Language, GuideText> = { "en-US": EN, "zh-HANS": HANS, "zh-HANT": HANT };
